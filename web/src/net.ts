// The table's WebSocket, as docs/server.md describes it: a full sync on
// connect, then updates; moves carry the version they were made on and a
// client id; a dropped connection reconnects with the last version seen and
// gets the gap or a full sync.

// The server's messages are typed in gen/server.ts, generated from the Go
// types (go generate ./server).
import type { ClientMsg, ServerMsg } from "./gen/server";

export type { EventOut, SeatInfo, ServerMsg } from "./gen/server";

/** A move: a client message (generated from the Go type) with its version and id. */
type MoveMsg = ClientMsg & { t: "move"; v: number; id: string };

export interface Handlers {
  message(m: ServerMsg): void;
  /** state: "open" once a sync arrived, "down" while reconnecting. */
  connection(state: "open" | "down"): void;
}

export class TableSocket {
  private ws?: WebSocket;
  private version = -1;
  private backoff = 300;
  private seq = 0;
  private closed = false;
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
      if (m.t === "update" && m.from !== undefined && m.from !== this.version) {
        // A gap: ask for the whole table instead of drawing a wrong one.
        this.send({ t: "sync" });
        return;
      }
      if (m.t === "ack" || (m.t === "refused" && m.id === this.pending?.id)) this.pending = undefined;
      if (typeof m.v === "number" && (m.t === "sync" || m.t === "update")) this.version = m.v;
      if (m.t === "sync") {
        this.backoff = 300;
        this.h.connection("open");
      }
      this.h.message(m);
      if (m.t === "sync" && this.pending) this.send(this.pending);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.h.connection("down");
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 5000);
    };
  }

  private send(o: ClientMsg): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(o));
    return true;
  }

  /** move sends legal move i of the current version; false when the socket is down. */
  move(i: number): boolean {
    return this.sendMove({ t: "move", v: this.version, id: `${this.prefix}-${++this.seq}`, i });
  }

  moveByNotation(n: string): boolean {
    return this.sendMove({ t: "move", v: this.version, id: `${this.prefix}-${++this.seq}`, n });
  }

  /** sendMove sends m now, or after the reconnection when the socket is down. */
  private sendMove(m: MoveMsg): boolean {
    this.pending = m;
    this.send(m);
    return true;
  }

  undo(): boolean {
    return this.send({ t: "undo", v: this.version, id: `${this.prefix}-u${++this.seq}` });
  }

  chat(text: string): boolean {
    return this.send({ t: "chat", text });
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
