package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// Decrypt opens an aes128gcm Web Push message (RFC 8291 section 3.4 on RFC
// 8188's content coding) with the receiving device's private key and auth
// secret. It is composed of the standard library's primitives (ECDH, HKDF,
// AES-GCM), the same ones webpush-go encrypts with; TestDecrypt_RFC8291
// checks it against the RFC's worked example.
func Decrypt(body []byte, priv *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	// Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
	if len(body) < 21 {
		return nil, errors.New("shorter than the content-coding header")
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idLen || idLen != 65 {
		return nil, fmt.Errorf("key id of %d bytes; a 65-byte P-256 point expected", idLen)
	}
	if rs < 18 {
		return nil, fmt.Errorf("record size %d is too small", rs)
	}
	senderKey, records := body[21:21+idLen], body[21+idLen:]
	sender, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
	}
	shared, err := priv.ECDH(sender)
	if err != nil {
		return nil, err
	}
	// IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
	info := append(append([]byte("WebPush: info\x00"), priv.PublicKey().Bytes()...), senderKey...)
	ikm, err := hkdf.Key(sha256.New, shared, authSecret, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	var out []byte
	for seq := uint64(0); len(records) > 0; seq++ {
		n := min(int(rs), len(records))
		record := records[:n]
		records = records[n:]
		iv := append([]byte(nil), nonce...)
		for i := 0; i < 8; i++ { // the record's sequence number XORed into the nonce's last 6+ bytes
			iv[11-i] ^= byte(seq >> (8 * i))
		}
		plain, err := gcm.Open(nil, iv, record, nil)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", seq, err)
		}
		last := len(records) == 0
		// Strip the padding: zeros after a delimiter, 0x02 in the last record, 0x01 before.
		i := len(plain) - 1
		for i >= 0 && plain[i] == 0 {
			i--
		}
		if i < 0 || (last && plain[i] != 2) || (!last && plain[i] != 1) {
			return nil, errors.New("bad padding delimiter")
		}
		out = append(out, plain[:i]...)
	}
	return out, nil
}
