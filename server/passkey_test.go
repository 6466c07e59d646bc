package server

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
)

// softKey is a software authenticator: a P-256 key that makes and uses a
// discoverable credential as a browser's authenticator does (attestation
// "none"), so that the WebAuthn ceremonies run for real in Go tests.
type softKey struct {
	t      *testing.T
	priv   *ecdsa.PrivateKey
	id     []byte // the credential id
	handle []byte // the user handle it keeps (the identity's id)
	count  uint32
	rpID   string
	origin string
}

func newSoftKey(t *testing.T, rpID, origin string) *softKey {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &softKey{t: t, priv: priv, id: id, rpID: rpID, origin: origin}
}

var b64 = base64.RawURLEncoding

// authData is the authenticator data: the RP id's hash, flags (user
// present and verified), the counter, and the credential when attested.
func (k *softKey) authData(attested bool) []byte {
	h := sha256.Sum256([]byte(k.rpID))
	flags := byte(0x01 | 0x04)
	if attested {
		flags |= 0x40
	}
	b := append(h[:], flags)
	b = binary.BigEndian.AppendUint32(b, k.count)
	if attested {
		b = append(b, make([]byte, 16)...) // AAGUID: none
		b = binary.BigEndian.AppendUint16(b, uint16(len(k.id)))
		b = append(b, k.id...)
		x, y := make([]byte, 32), make([]byte, 32)
		k.priv.X.FillBytes(x)
		k.priv.Y.FillBytes(y)
		cose, err := webauthncbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: x, -3: y})
		if err != nil {
			k.t.Fatal(err)
		}
		b = append(b, cose...)
	}
	return b
}

func (k *softKey) clientData(typ, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": k.origin, "crossOrigin": false})
	return b
}

// create answers navigator.credentials.create's options.
func (k *softKey) create(options []byte) []byte {
	var o struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
			User      struct {
				ID string `json:"id"`
			} `json:"user"`
		} `json:"publicKey"`
	}
	if err := json.Unmarshal(options, &o); err != nil {
		k.t.Fatalf("creation options %s: %v", options, err)
	}
	handle, err := b64.DecodeString(o.PublicKey.User.ID)
	if err != nil {
		k.t.Fatalf("user id %q: %v", o.PublicKey.User.ID, err)
	}
	k.handle = handle
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": k.authData(true)})
	if err != nil {
		k.t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(k.clientData("webauthn.create", o.PublicKey.Challenge)),
			"attestationObject": b64.EncodeToString(att)}})
	return b
}

// get answers navigator.credentials.get's options (or any challenge).
func (k *softKey) get(options []byte) []byte {
	var o struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
		} `json:"publicKey"`
	}
	if err := json.Unmarshal(options, &o); err != nil {
		k.t.Fatalf("request options %s: %v", options, err)
	}
	return k.sign(o.PublicKey.Challenge)
}

func (k *softKey) sign(challenge string) []byte {
	k.count++
	ad := k.authData(false)
	cd := k.clientData("webauthn.get", challenge)
	ch := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, ad...), ch[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.priv, digest[:])
	if err != nil {
		k.t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(ad),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(k.handle)}})
	return b
}

// pkCall posts body to path as host (the relying party is the request's
// host; the test server listens on 127.0.0.1), with token's cookie if any.
// It answers the status, the body and the cookie set, if any.
func pkCall(t *testing.T, ts *testServer, host, token, method, path string, body []byte) (int, []byte, string) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.URL+path, bytes.NewReader(body))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: token})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	cookie := ""
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			cookie = c.Value
		}
	}
	return resp.StatusCode, b, cookie
}

// An identity protected by a passkey is found again from a browser
// without its cookie: a new token of the same identity. Every refusal
// holds: a used challenge (a replayed response), a challenge never given,
// an expired one, one of the other ceremony or of another identity, an
// unknown credential, a wrong signature, a counter gone back, another
// origin, an IP address as the host; and the ceremonies are limited per
// address.
func TestPasskeys(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	ts := startServer(t, "", Config{Now: clock})
	host := "localhost" + ts.URL[strings.LastIndex(ts.URL, ":"):]
	origin := "http://" + host
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	key := newSoftKey(t, "localhost", origin)

	code, opts, _ := pkCall(t, ts, host, ann.token, "POST", "/api/passkeys/register", nil)
	if code != 200 {
		t.Fatalf("begin registration: %d %s", code, opts)
	}
	var o struct {
		PublicKey struct {
			RP struct {
				ID string `json:"id"`
			} `json:"rp"`
			Selection struct {
				ResidentKey string `json:"residentKey"`
			} `json:"authenticatorSelection"`
		} `json:"publicKey"`
	}
	json.Unmarshal(opts, &o)
	if o.PublicKey.RP.ID != "localhost" || o.PublicKey.Selection.ResidentKey != "required" {
		t.Errorf("creation options %s", opts)
	}
	// Bob answers Ann's ceremony: refused, and the challenge is spent.
	stolen := newSoftKey(t, "localhost", origin)
	if code, b, _ := pkCall(t, ts, host, bob.token, "POST", "/api/passkeys/register/finish", stolen.create(opts)); code != 400 {
		t.Errorf("Bob finishes Ann's registration: %d %s", code, b)
	}
	code, opts, _ = pkCall(t, ts, host, ann.token, "POST", "/api/passkeys/register", nil)
	if code != 200 {
		t.Fatalf("begin registration: %d", code)
	}
	reg := key.create(opts)
	if code, b, _ := pkCall(t, ts, host, ann.token, "POST", "/api/passkeys/register/finish", reg); code != 200 || !strings.Contains(string(b), `"created"`) {
		t.Fatalf("finish registration: %d %s", code, b)
	}
	if code, b, _ := pkCall(t, ts, host, ann.token, "POST", "/api/passkeys/register/finish", reg); code != 400 {
		t.Errorf("a registration replayed: %d %s", code, b)
	}
	// The same credential for another identity: refused, Ann's kept.
	code, opts, _ = pkCall(t, ts, host, bob.token, "POST", "/api/passkeys/register", nil)
	if code != 200 {
		t.Fatalf("Bob begins a registration: %d", code)
	}
	copied := *key
	if code, b, _ := pkCall(t, ts, host, bob.token, "POST", "/api/passkeys/register/finish", copied.create(opts)); code != http.StatusConflict {
		t.Errorf("Ann's credential registered for Bob: %d %s", code, b)
	}
	var list passkeysJSON
	if code, b, _ := pkCall(t, ts, host, ann.token, "GET", "/api/passkeys", nil); code != 200 || json.Unmarshal(b, &list) != nil || len(list.Passkeys) != 1 {
		t.Fatalf("Ann's passkeys: %d %s", code, b)
	}
	if code, b, _ := pkCall(t, ts, host, bob.token, "GET", "/api/passkeys", nil); code != 200 || !strings.Contains(string(b), `"passkeys":[]`) {
		t.Errorf("Bob's passkeys: %d %s", code, b)
	}

	// A browser without the cookie signs in: Ann again, a new token.
	code, opts, _ = pkCall(t, ts, host, "", "POST", "/api/passkeys/login", nil)
	if code != 200 {
		t.Fatalf("begin sign-in: %d %s", code, opts)
	}
	login := key.get(opts)
	code, b, tok := pkCall(t, ts, host, "", "POST", "/api/passkeys/login/finish", login)
	var me meJSON
	if code != 200 || json.Unmarshal(b, &me) != nil || me.ID != ann.id || tok == "" || tok == ann.token {
		t.Fatalf("sign-in: %d %s (cookie %q)", code, b, tok)
	}
	if code, b, _ := pkCall(t, ts, host, tok, "GET", "/api/me", nil); code != 200 || !strings.Contains(string(b), `"id":"`+ann.id+`"`) {
		t.Errorf("the new token: %d %s", code, b)
	}
	if code, b, _ := pkCall(t, ts, host, ann.token, "GET", "/api/me", nil); code != 200 {
		t.Errorf("the old token after a sign-in elsewhere: %d %s", code, b)
	}

	refused := func(what string, want int, body []byte) {
		t.Helper()
		code, b, tok := pkCall(t, ts, host, "", "POST", "/api/passkeys/login/finish", body)
		if code != want || tok != "" {
			t.Errorf("%s: %d %s (cookie %q), want %d", what, code, b, tok, want)
		}
		msgs := map[int]string{400: "expired or was already used", 401: "refused"}
		if what == "an unknown credential" {
			msgs[401] = "protects no identity"
		} else if what == "a counter gone back" {
			msgs[401] = "counter went back"
		}
		if !strings.Contains(string(b), msgs[want]) {
			t.Errorf("%s: %s, want %q", what, b, msgs[want])
		}
	}
	begin := func() []byte {
		t.Helper()
		code, opts, _ := pkCall(t, ts, host, "", "POST", "/api/passkeys/login", nil)
		if code != 200 {
			t.Fatalf("begin sign-in: %d %s", code, opts)
		}
		return opts
	}
	refused("a sign-in replayed", 400, login)
	refused("a challenge never given", 400, key.sign(b64.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))))
	refused("a registration's challenge", 400, func() []byte {
		_, opts, _ := pkCall(t, ts, host, ann.token, "POST", "/api/passkeys/register", nil)
		return key.sign(gjson(t, opts))
	}())
	unknown := newSoftKey(t, "localhost", origin)
	unknown.handle = key.handle // Ann's: the credential is what is unknown
	refused("an unknown credential", 401, unknown.get(begin()))
	forged := newSoftKey(t, "localhost", origin)
	forged.id, forged.handle, forged.count = key.id, key.handle, key.count
	refused("a wrong signature", 401, forged.get(begin()))
	back := *key
	back.count = 0 // signs with counter 1, below the stored one
	refused("a counter gone back", 401, back.get(begin()))
	elsewhere := *key
	elsewhere.origin = "http://evil.example"
	refused("another origin", 401, elsewhere.get(begin()))
	otherRP := *key
	otherRP.rpID = "evil.example"
	refused("another relying party", 401, otherRP.get(begin()))
	opts = begin()
	mu.Lock()
	now = now.Add(passkeyTTL + time.Second)
	mu.Unlock()
	refused("an expired challenge", 400, key.get(opts))
	// After all this, the real key still signs in.
	if code, b, tok := pkCall(t, ts, host, "", "POST", "/api/passkeys/login/finish", key.get(begin())); code != 200 || tok == "" {
		t.Errorf("sign-in after the refusals: %d %s", code, b)
	}

	if code, b, _ := pkCall(t, ts, strings.Replace(host, "localhost", "127.0.0.1", 1), "", "POST", "/api/passkeys/login", nil); code != 400 {
		t.Errorf("an IP address as the relying party: %d %s", code, b)
	}
	// Ceremonies per address: the burst, then 429.
	n := 0
	for ; n < passkeyBurst+5; n++ {
		if code, _, _ := pkCall(t, ts, host, "", "POST", "/api/passkeys/login", nil); code == http.StatusTooManyRequests {
			break
		}
	}
	if n >= passkeyBurst+5 {
		t.Errorf("no limit on passkey ceremonies per address")
	}
}

// gjson is the challenge of WebAuthn options.
func gjson(t *testing.T, opts []byte) string {
	var o struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
		} `json:"publicKey"`
	}
	if err := json.Unmarshal(opts, &o); err != nil {
		t.Fatal(err)
	}
	return o.PublicKey.Challenge
}
