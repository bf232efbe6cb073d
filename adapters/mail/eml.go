package mail

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"net/textproto"
	"os"
	"strings"

	"interno/core/email"
)

// maxEMLBytes caps what ReadEML loads; our own messages are far smaller.
const maxEMLBytes = 32 << 20

// maxMIMEDepth stops pathological nesting of multiparts.
const maxMIMEDepth = 8

// ReadEML parses an RFC 5322 file (as written by FileOutbox or captured from
// SMTP) back into a core message with every encoding undone: the recipient's
// bare address, the RFC 2047 subject, the text and HTML bodies with line
// breaks normalised to "\n", and the attachments. Tests use it to read what a
// user would have received, for example the link in a password-reset e-mail.
func ReadEML(path string) (email.Message, error) {
	f, err := os.Open(path)
	if err != nil {
		return email.Message{}, err
	}
	defer f.Close()
	return ParseEML(io.LimitReader(f, maxEMLBytes))
}

// ParseEML is ReadEML for a message already in memory or on the wire, so the
// SMTP tests can decode what the relay received the same way.
func ParseEML(r io.Reader) (email.Message, error) {
	raw, err := netmail.ReadMessage(r)
	if err != nil {
		return email.Message{}, fmt.Errorf("eml: %w", err)
	}
	var out email.Message
	to, err := raw.Header.AddressList("To")
	if err != nil || len(to) == 0 {
		return email.Message{}, fmt.Errorf("eml: To header: %v", err)
	}
	out.To = to[0].Address
	dec := mime.WordDecoder{}
	subject, err := dec.DecodeHeader(raw.Header.Get("Subject"))
	if err != nil {
		return email.Message{}, fmt.Errorf("eml: Subject header: %w", err)
	}
	out.Subject = subject
	header := textproto.MIMEHeader(raw.Header)
	if err := readPart(&out, header, raw.Body, 0); err != nil {
		return email.Message{}, fmt.Errorf("eml: %w", err)
	}
	return out, nil
}

// readPart walks one MIME entity, filling bodies and attachments.
func readPart(out *email.Message, header textproto.MIMEHeader, body io.Reader, depth int) error {
	if depth > maxMIMEDepth {
		return errors.New("MIME parts nested too deeply")
	}
	ctype := header.Get("Content-Type")
	if ctype == "" {
		ctype = "text/plain; charset=us-ascii"
	}
	mediaType, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return fmt.Errorf("content type %q: %w", ctype, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("multipart: %w", err)
			}
			if err := readPart(out, part.Header, part, depth+1); err != nil {
				return err
			}
		}
	}
	data, err := io.ReadAll(decodeTransfer(header.Get("Content-Transfer-Encoding"), body))
	if err != nil {
		return fmt.Errorf("%s body: %w", mediaType, err)
	}
	if name := attachmentName(header, params); name != "" {
		delete(params, "name")
		out.Attachments = append(out.Attachments, email.Attachment{
			Filename:    name,
			ContentType: mime.FormatMediaType(mediaType, params),
			Data:        data,
		})
		return nil
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	switch {
	case mediaType == "text/plain" && out.Text == "":
		out.Text = text
	case mediaType == "text/html" && out.HTML == "":
		out.HTML = text
	}
	return nil
}

// decodeTransfer undoes a Content-Transfer-Encoding. multipart.Reader already
// decodes quoted-printable parts and removes the header, so nothing is decoded twice.
func decodeTransfer(encoding string, body io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		return quotedprintable.NewReader(body)
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, &spaceStripper{r: body})
	default:
		return body
	}
}

// attachmentName returns the file name of a part meant as an attachment, or
// "" for a body part.
func attachmentName(header textproto.MIMEHeader, ctypeParams map[string]string) string {
	if disp := header.Get("Content-Disposition"); disp != "" {
		kind, params, err := mime.ParseMediaType(disp)
		if err == nil && params["filename"] != "" {
			return params["filename"]
		}
		if err == nil && kind == "attachment" {
			if ctypeParams["name"] != "" {
				return ctypeParams["name"]
			}
			return "attachment"
		}
	}
	return ctypeParams["name"]
}

// spaceStripper drops the line breaks and spaces that wrap base64 text, which
// the standard decoder only partly tolerates.
type spaceStripper struct {
	r io.Reader
}

// Read fills p with the next non-space bytes.
func (s *spaceStripper) Read(p []byte) (int, error) {
	for {
		n, err := s.r.Read(p)
		kept := 0
		for _, b := range p[:n] {
			if b != '\r' && b != '\n' && b != ' ' && b != '\t' {
				p[kept] = b
				kept++
			}
		}
		if kept > 0 || err != nil {
			return kept, err
		}
	}
}
