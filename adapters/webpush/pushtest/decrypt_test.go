package pushtest

import (
	"crypto/ecdh"
	"encoding/base64"
	"testing"
)

func b64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecrypt_RFC8291 opens the worked example of RFC 8291 appendix A.
func TestDecrypt_RFC8291(t *testing.T) {
	priv, err := ecdh.P256().NewPrivateKey(b64(t, "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	if got := base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()); got != "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4" {
		t.Fatalf("receiver public key %s", got)
	}
	body := b64(t, "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
	plain, err := Decrypt(body, priv, b64(t, "BTBZMqHH6r4Tts7J_aSIgg"))
	if err != nil {
		t.Fatal(err)
	}
	if string(plain) != "When I grow up, I want to be a watermelon" {
		t.Fatalf("%q", plain)
	}
	body[len(body)-1] ^= 1
	if _, err := Decrypt(body, priv, b64(t, "BTBZMqHH6r4Tts7J_aSIgg")); err == nil {
		t.Fatal("a tampered message decrypted")
	}
}
