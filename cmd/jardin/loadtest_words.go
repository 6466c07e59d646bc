package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/jardin-games/jardin/i18n"
)

// print writes the report for a person, in lang (the catalogue's
// cli.load.*); --json writes its fields under their keys instead.
func (r ltReport) print(w io.Writer, lang string) {
	fmt.Fprintf(w, "%s\n", r.Command)
	fmt.Fprintln(w, say(lang, "cli.load.game", i18n.S("game", r.Game), i18n.N("tables", r.Tables), i18n.N("sockets", int(r.Sockets)),
		i18n.S("setup", f1(r.SetupSeconds))))
	fmt.Fprintln(w, say(lang, "cli.load.moves", i18n.N("acked", int(r.Acked)), i18n.S("seconds", f1(r.Seconds)), i18n.S("rate", f0(r.MovesPerSec))))
	fmt.Fprintln(w, say(lang, "cli.load.ack", i18n.S("p50", f1(r.AckP50ms)), i18n.S("p99", f1(r.AckP99ms))))
	fmt.Fprintln(w, say(lang, "cli.load.last", i18n.S("p50", f1(r.LastP50ms)), i18n.S("p99", f1(r.LastP99ms))))
	fmt.Fprintln(w, say(lang, "cli.load.counts", i18n.S("lost", itoa(r.Lost)), i18n.S("unseen", itoa(r.Unseen)), i18n.S("dup", itoa(r.Duplicated)),
		i18n.S("resyncs", itoa(r.Resyncs)), i18n.S("refused", itoa(r.Refused)), i18n.S("leaks", itoa(r.Leaks)),
		i18n.S("errors", itoa(r.Errors)), i18n.S("over", itoa(r.GamesOver))))
	fmt.Fprintln(w, say(lang, "cli.load.server", i18n.S("rss", f0(r.ServerRSSMB)), i18n.S("cpu", f1(r.ServerCPUSeconds)),
		i18n.S("perMove", strconv.FormatFloat(r.ServerCPUPerMoveMs, 'f', 2, 64)), i18n.S("load", f1(r.LoadCPUSeconds))))
	if r.LobbyWatchers > 0 {
		fmt.Fprintln(w, say(lang, "cli.load.lobby", i18n.S("watchers", itoa(r.LobbyWatchers)), i18n.S("messages", itoa(r.LobbyMessages)),
			i18n.S("kb", f0(r.LobbyKB)), i18n.S("playing", itoa(r.LobbyWhilePlaying)), i18n.S("ended", itoa(r.LobbyEnded))))
	}
	if len(r.Nodes) > 1 {
		for _, n := range r.Nodes {
			fmt.Fprintln(w, say(lang, "cli.load.node", i18n.S("url", n.URL), i18n.S("tables", f0(n.Tables)), i18n.S("sockets", f0(n.Sockets)),
				i18n.S("relayed", f0(n.Relayed)), i18n.S("moves", f0(n.MovesPerSec)), i18n.S("writes", f0(n.WritesPerSec)),
				i18n.S("commits", f0(n.CommitsPerSec)), i18n.S("out", f0(n.NATSOutPerSec)), i18n.S("in", f0(n.NATSInPerSec)),
				i18n.S("cpu", f1(n.CPUSeconds)), i18n.S("rss", f0(n.RSSMB))))
		}
	}
}

// f0 and f1 are a figure with no and one decimal, as the reports print them.
func f0(x float64) string { return strconv.FormatFloat(x, 'f', 0, 64) }
func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// itoa is a count as a report prints it.
func itoa[T int | int64](n T) string { return strconv.FormatInt(int64(n), 10) }
