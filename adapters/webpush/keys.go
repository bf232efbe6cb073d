// Package webpush delivers Interno's push jobs as standard Web Push: the
// payload encrypted for the device (RFC 8291, aes128gcm), the request signed
// with the server's VAPID key (RFC 8292), posted to the device's push service
// (RFC 8030) with TTL, Urgency and Topic. The encryption and signing are
// github.com/SherClockHolmes/webpush-go's; this package adds the key
// management, the address policy that keeps the server from being used to
// reach private networks, the classification of the push service's answers,
// and the dispatcher loop that drains core/push's durable queue.
package webpush

import (
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	webpushgo "github.com/SherClockHolmes/webpush-go"
)

// Keys is the server's VAPID key pair in base64url: Public is the
// uncompressed P-256 point browsers subscribe with (applicationServerKey),
// Private the 32-byte scalar that signs.
type Keys struct {
	Public  string `json:"public_key"`
	Private string `json:"private_key"`
}

// KeyFile is where generated keys are kept in the data directory.
const KeyFile = "vapid-keys.json"

// ParseKeys checks a configured pair: both present, the private key a valid
// P-256 scalar, and the public key the one it derives (a mismatch would make
// every push service refuse every push). The keys come back canonical
// (unpadded base64url).
func ParseKeys(public, private string) (Keys, error) {
	public, private = strings.TrimSpace(public), strings.TrimSpace(private)
	if public == "" || private == "" {
		return Keys{}, errors.New("set both the public and the private key, or neither to generate a pair")
	}
	d, err := decode(private)
	if err != nil || len(d) != 32 {
		return Keys{}, errors.New("the private key must be 32 bytes in base64url")
	}
	priv, err := ecdh.P256().NewPrivateKey(d)
	if err != nil {
		return Keys{}, errors.New("the private key is not a valid P-256 key")
	}
	pub, err := decode(public)
	if err != nil || len(pub) != 65 {
		return Keys{}, errors.New("the public key must be a 65-byte uncompressed P-256 point in base64url")
	}
	if string(priv.PublicKey().Bytes()) != string(pub) {
		return Keys{}, errors.New("the public key does not belong to the private key")
	}
	return Keys{Public: base64.RawURLEncoding.EncodeToString(pub), Private: base64.RawURLEncoding.EncodeToString(d)}, nil
}

func decode(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// LoadOrCreateKeys returns the pair kept in dir, generating and keeping one
// (mode 0600) on first use, as the JWT secret is. Instances sharing the data
// volume share the pair: the file is created atomically, and an instance that
// loses the race reads the winner's.
func LoadOrCreateKeys(dir string) (Keys, error) {
	path := filepath.Join(dir, KeyFile)
	if k, err := readKeys(path); err == nil {
		return k, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return Keys{}, fmt.Errorf("%s: %w", path, err)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Keys{}, err
	}
	private, public, err := webpushgo.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, err
	}
	k, err := ParseKeys(public, private)
	if err != nil {
		return Keys{}, err
	}
	data, _ := json.MarshalIndent(k, "", "  ")
	tmp, err := os.CreateTemp(dir, ".vapid-*.tmp")
	if err != nil {
		return Keys{}, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return Keys{}, err
	}
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return Keys{}, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return Keys{}, err
	}
	if err := tmp.Close(); err != nil {
		return Keys{}, err
	}
	// Link fails if another process created the file first: use theirs.
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return Keys{}, err
	}
	return readKeys(path)
}

func readKeys(path string) (Keys, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Keys{}, err
	}
	var k Keys
	if err := json.Unmarshal(data, &k); err != nil {
		return Keys{}, fmt.Errorf("not a key file: %w", err)
	}
	return ParseKeys(k.Public, k.Private)
}

// Subject returns the VAPID "sub" claim: the configured contact (a mailto:
// address or an https URL), or by default the site's URL when it is https,
// else a mailto: address at the site's host. Push services use it to reach
// the operator when something goes wrong.
func Subject(configured, baseURL string) (string, error) {
	s := strings.TrimSpace(configured)
	if s == "" {
		u, err := url.Parse(baseURL)
		if err != nil || u.Hostname() == "" {
			return "", errors.New("cannot derive a contact from the base URL; set a mailto: or https: subject")
		}
		if u.Scheme == "https" {
			return "https://" + u.Host, nil
		}
		return "mailto:webpush@" + u.Hostname(), nil
	}
	if addr, ok := strings.CutPrefix(s, "mailto:"); ok {
		if a, err := mail.ParseAddress(addr); err != nil || a.Address != addr {
			return "", fmt.Errorf("%q is not a mailto: address", s)
		}
		return s, nil
	}
	if u, err := url.Parse(s); err == nil && u.Scheme == "https" && u.Host != "" {
		return s, nil
	}
	return "", fmt.Errorf("%q must be a mailto: address or an https: URL", s)
}
