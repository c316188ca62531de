package dev.waymark.bridge;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Thread factory that names every thread it makes (and makes them daemons so a forgotten close cannot hang the JVM). */
final class NamedThreads implements ThreadFactory {
  private final String prefix;
  private final AtomicInteger count = new AtomicInteger();

  NamedThreads(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public Thread newThread(Runnable r) {
    Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
    t.setDaemon(true);
    return t;
  }
}
