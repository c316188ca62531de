package dev.waymark.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The terminal's lines, read on a thread of their own, so a question can also be answered elsewhere (the
 * browser's side panel) without a read left blocked that would swallow the next answer's line.
 */
final class TerminalLines {
  /** What {@link #next} answers when the question was answered elsewhere first. */
  static final String ELSEWHERE = "\u0000answered elsewhere";
  private static final String END = "\u0000end";

  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

  TerminalLines(BufferedReader in) {
    Thread reader = new Thread(() -> {
      try {
        for (String line; (line = in.readLine()) != null; ) lines.add(line);
      } catch (IOException e) {
        // a closed terminal is the end of its lines
      } finally {
        lines.add(END);
      }
    }, "waymark-terminal");
    reader.setDaemon(true);
    reader.start();
  }

  /** Forgets the lines typed before now (an Enter pressed before a question was asked is no answer to it). */
  void drain() {
    boolean ended = lines.remove(END);
    lines.clear();
    if (ended) lines.add(END);
  }

  /** The next line; null when the terminal closed; {@link #ELSEWHERE} as soon as {@code answered} holds. */
  String next(BooleanSupplier answered) throws InterruptedException {
    while (true) {
      String line = lines.poll(100, TimeUnit.MILLISECONDS);
      if (END.equals(line)) {
        lines.add(END);
        return null;
      }
      if (line != null) return line;
      if (answered.getAsBoolean()) return ELSEWHERE;
    }
  }
}
