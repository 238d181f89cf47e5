/**
 * The bytes of one batch of a list being made (open data's CSV and JSON), written as each
 * record is made rather than kept as texts to be joined: at a decade's million projects, the
 * texts a batch kept outlived V8's young-generation collections and piled up in the old
 * generation until a full one, growing resident memory by up to 97 MiB while a list was made
 * (docs/decisions/127).
 */
export class BatchBytes {
  private bytes: Buffer;
  private size = 0;

  /** `guess`: the batch's likely size in bytes (the buffer grows when short). */
  constructor(guess: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(64, guess));
  }

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.size + n <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.size + n));
    this.bytes.copy(larger, 0, 0, this.size);
    this.bytes = larger;
  }

  /** A text as UTF-8 (at most three bytes a UTF-16 unit). */
  text(text: string): void {
    this.room(text.length * 3);
    this.size += this.bytes.write(text, this.size);
  }

  byte(byte: number): void {
    this.room(1);
    this.bytes[this.size++] = byte;
  }

  /**
   * A safe integer's digits as String(n) gives them (-0 as 0), written without making a text:
   * V8 keeps the texts String(n) makes in its cache of number texts, which outlives young
   * collections, so a million distinct ids each reached the old generation.
   */
  whole(n: number): void {
    this.room(17);
    if (n === 0) {
      this.bytes[this.size++] = 0x30;
      return;
    }
    let rest = n;
    if (rest < 0) {
      this.bytes[this.size++] = 0x2d;
      rest = -rest;
    }
    let digits = 1;
    for (let d = rest; d >= 10; d = Math.floor(d / 10)) digits++;
    for (let i = this.size + digits - 1; i >= this.size; i--) {
      this.bytes[i] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.size += digits;
  }

  /** What was written (a view of the buffer: nothing more is written to it). */
  done(): Buffer {
    return this.bytes.subarray(0, this.size);
  }
}
