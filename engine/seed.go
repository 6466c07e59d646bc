package engine

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
)

// DeriveSeed is a seed for one use of a secret seed — a bot's generator, a
// determinized copy handed to a bot, a search tree — derived one way: the
// first 8 bytes of SHA-256 over the secret, a label naming the use, and the
// parts that tell uses apart (a seat, a version). Whoever learns the derived
// seed (a bot can step its copy's generator back to it) learns nothing of
// the secret, so nothing of the hidden cards it deals: an invertible mix of
// the game seed gave the game seed back, hence every hand.
func DeriveSeed(secret uint64, label string, parts ...uint64) uint64 {
	b := make([]byte, 0, 8+len(label)+1+8*len(parts))
	b = binary.LittleEndian.AppendUint64(b, secret)
	b = append(b, label...)
	b = append(b, 0) // a label is never a prefix of another's bytes
	for _, p := range parts {
		b = binary.LittleEndian.AppendUint64(b, p)
	}
	sum := sha256.Sum256(b)
	return binary.LittleEndian.Uint64(sum[:8])
}

// RandomSeed is a game seed nobody chose, from the operating system's
// cryptographic generator: a seed read from the clock is found again by
// trying the instants around a glance at a watch.
func RandomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand's promise since Go 1.24)
	return binary.LittleEndian.Uint64(b[:])
}
