package dev.waymark.testing;

import java.io.IOException;
import java.io.OutputStream;

/** Writes to two streams: a test captures System.err for assertions and still shows it in the build log. */
public final class TeeOutputStream extends OutputStream {
  /**
   * Held while a test has System.err swapped for a tee, from the swap to the restore: test classes run two at a time
   * (decision 0055), and two swaps that interleave would restore each other's tee and capture forever.
   */
  public static final Object SYSTEM_ERR = new Object();

  private final OutputStream a;
  private final OutputStream b;

  public TeeOutputStream(OutputStream a, OutputStream b) {
    this.a = a;
    this.b = b;
  }

  @Override
  public void write(int x) throws IOException {
    a.write(x);
    b.write(x);
  }

  @Override
  public void write(byte[] buf, int off, int len) throws IOException {
    a.write(buf, off, len);
    b.write(buf, off, len);
  }

  @Override
  public void flush() throws IOException {
    a.flush();
    b.flush();
  }
}
