// The stdio wire for serveStdio: newline-delimited JSON-RPC on stdin/stdout.
// Unlike the SDK's StdioServerTransport it never goes deaf and never stays
// silent: a line that is not JSON gets -32700, a JSON value that is not a
// JSON-RPC message -32600, and a line over the size limit is skipped up to its
// newline with a -32600, after which the next line is read as usual.
import type { Readable, Writable } from 'node:stream';
import {
  INVALID_REQUEST,
  type JSONRPCMessage,
  PARSE_ERROR,
  parseJSONRPCMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/server';

export interface LineTransportOptions {
  /** The longest line read, in bytes (the SDK's default: 10 MiB). */
  maxLineBytes?: number;
}

type Id = string | number | null;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line over the limit: its bytes are dropped until its newline. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    options: LineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.output.on('error', this.onOutputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const text = serializeMessage(message);
    await new Promise<void>((resolve, reject) => {
      this.output.write(text, (err) => (err ? reject(err) : resolve()));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = [];
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(0x0a); newline !== -1; newline = rest.indexOf(0x0a)) {
      this.take(rest.subarray(0, newline));
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
    if (rest.length > 0) this.take(rest);
  };

  /** Keeps part of the current line, or starts skipping it once it is too long. */
  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.pendingBytes + part.length > this.maxLineBytes) {
      this.skipping = true;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private endLine(): void {
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (this.skipping) {
      this.skipping = false;
      this.refuse(null, INVALID_REQUEST, `Invalid Request: a message is at most ${this.maxLineBytes} bytes`);
      return;
    }
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(null, PARSE_ERROR, 'Parse error: each line must be one JSON-RPC message');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.refuse(idOf(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message);
  }

  private refuse(id: Id, code: number, message: string): void {
    this.send({ jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage).catch((err: Error) =>
      this.onerror?.(err),
    );
  }

  private readonly onInputError = (err: Error): void => this.onerror?.(err);
  private readonly onOutputError = (err: Error): void => {
    if (this.closed) return;
    this.onerror?.(err);
    void this.close();
  };
  private readonly onEnd = (): void => void this.close();
}

/** The id of a request that is not valid JSON-RPC, when it has a usable one. */
function idOf(value: unknown): Id {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
