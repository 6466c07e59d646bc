// The table's WebSocket, as docs/server.md describes it: a full sync on
// connect, then updates; moves carry the version they were made on and a
// client id; a dropped connection reconnects with the last version seen and
// gets the gap or a full sync.

// The server's messages are typed in gen/server.ts, generated from the Go
// types (go generate ./server).
import type { ClientMsg, GameView, ServerMsg } from "./gen/server";
import { applyPatch } from "./patch";

export type { ChatOut, EventOut, SeatInfo, ServerMsg } from "./gen/server";

/** A move: a client message (generated from the Go type) with its version and id. */
type MoveMsg = ClientMsg & { t: "move"; v: number; id: string };

export interface Handlers {
  message(m: ServerMsg): void;
  /**
   * state: "open" once a sync arrived, "down" from the moment the socket
   * closes or fails to open until the next sync (while it reconnects).
   */
  connection(state: "open" | "down"): void;
}

export class TableSocket {
  private ws?: WebSocket;
  private version = -1;
  /** The seat's view at version: the base of the next update's patch. */
  private view?: GameView;
  private backoff = 300;
  private seq = 0;
  private closed = false;
  /** A sync arrived since the socket last opened: messages reach the table. */
  private up = false;
  /** The state last told to the handlers: each change is told once (not every failed attempt). */
  private told?: "open" | "down";
  /** The move sent and not yet acknowledged: resent with its id after a reconnection (applied once). */
  private pending?: MoveMsg;
  private readonly prefix = Math.random().toString(36).slice(2, 10);

  constructor(
    private readonly tableId: string,
    private readonly lang: string,
    private readonly watch: boolean,
    private readonly h: Handlers,
  ) {
    this.connect();
  }

  get v(): number {
    return this.version;
  }

  private connect(): void {
    const q = new URLSearchParams({ lang: this.lang });
    if (this.version >= 0) q.set("since", String(this.version));
    if (this.watch) q.set("seat", "-1");
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${q}`);
    this.ws = ws;
    ws.onmessage = (ev) => {
      let m: ServerMsg;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (m.t === "update" && ((m.from !== undefined && m.from !== this.version) || (m.view === undefined && this.view === undefined))) {
        // A gap: ask for the whole table instead of drawing a wrong one.
        this.send({ t: "sync" });
        return;
      }
      // An update carries the seat's view whole or its patch against the
      // view of version from, which this socket holds (docs/server.md):
      // the handlers always get the whole view.
      if (m.t === "update" && m.view === undefined) m.view = applyPatch(this.view, m.patch) as GameView;
      if (m.t === "sync" || m.t === "update") this.view = m.view;
      // Only the answer to the pending move settles it (a chat line has an id too).
      if ((m.t === "ack" || m.t === "refused") && m.id !== undefined && m.id === this.pending?.id) this.pending = undefined;
      if (typeof m.v === "number" && (m.t === "sync" || m.t === "update")) this.version = m.v;
      if (m.t === "sync" && !this.up) {
        this.backoff = 300;
        this.up = true;
        this.tell("open");
      }
      this.h.message(m);
      if (m.t === "sync" && this.pending) this.send(this.pending);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.up = false;
      this.tell("down");
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 5000);
    };
  }

  private tell(s: "open" | "down"): void {
    if (this.told === s) return;
    this.told = s;
    this.h.connection(s);
  }

  private send(o: ClientMsg): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(o));
    return true;
  }

  /** online tells whether the table answers: a sync arrived and the socket has not closed since. */
  get online(): boolean {
    return this.up && this.ws?.readyState === WebSocket.OPEN;
  }

  /** unanswered tells whether a move sent has no answer yet (it is resent after a reconnection). */
  get unanswered(): boolean {
    return this.pending !== undefined;
  }

  /**
   * move sends legal move i of the current version. It returns false when
   * the connection is down: the move is then kept and sent once it is back
   * (with its id: the server applies it once).
   */
  move(i: number): boolean {
    return this.sendMove({ t: "move", v: this.version, id: `${this.prefix}-${++this.seq}`, i });
  }

  /** sendMove sends m now, or after the reconnection when the socket is down. */
  private sendMove(m: MoveMsg): boolean {
    this.pending = m;
    return this.online && this.send(m);
  }

  undo(): boolean {
    return this.send({ t: "undo", v: this.version, id: `${this.prefix}-u${++this.seq}` });
  }

  /**
   * chat sends a line and returns its id, which the server's refusal or the
   * sender's copy of the line carries back; undefined when the connection
   * is down (the line is not kept: the page leaves it in its input).
   */
  chat(text: string): string | undefined {
    const id = `${this.prefix}-c${++this.seq}`;
    return this.online && this.send({ t: "chat", id, text }) ? id : undefined;
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
