package dev.waymark.decide;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decisions from an external program speaking JSON lines (docs/decision-program.md): one prompt object per turn on
 * its stdin, one decision object back on stdout, optionally preceded by {@code {"type":"partial","text":...}}
 * lines. The program is started on the first turn and kept; stderr goes to the log. A program that exits, prints
 * something that is not a JSON object, or does not answer in time fails the turn with a message saying so, and
 * is started afresh on the next turn, so an answer that comes late can never be taken for the next turn's.
 */
public final class ProcessSource implements DecisionSource {
  private static final Logger log = LoggerFactory.getLogger(ProcessSource.class);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
  /** Longer lines are refused: a decision is small, and a runaway program must not fill the heap. */
  public static final int MAX_LINE_CHARS = 1 << 20;
  private static final int STDERR_TAIL = 8;
  private static final Object EOF = new Object();
  private static final AtomicInteger STARTS = new AtomicInteger();

  private final List<String> command;
  private final Duration timeout;
  private final Path workingDir;
  private final String label;
  private Running running;

  public ProcessSource(List<String> command, Duration timeout, Path workingDir) {
    if (command == null || command.isEmpty() || command.get(0).isBlank()) {
      throw new IllegalArgumentException("the decision program's command line is empty");
    }
    this.command = List.copyOf(command);
    this.timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    this.workingDir = workingDir;
    String exe = Path.of(this.command.get(0)).getFileName().toString();
    this.label = "program:" + exe;
  }

  public ProcessSource(String commandLine, Duration timeout) {
    this(split(commandLine), timeout, null);
  }

  public List<String> command() {
    return command;
  }

  @Override
  public String name() {
    return label;
  }

  @Override
  public synchronized Reply decide(Prompt prompt, Consumer<String> partial) throws DecisionSourceException, InterruptedException {
    Consumer<String> sink = partial == null ? s -> { } : partial;
    boolean reused = r0Alive();
    Running r = reused ? running : start();
    ObjectNode msg = Json.mapper().createObjectNode();
    msg.put("type", "prompt");
    msg.put("turn", prompt.turn());
    msg.put("system", prompt.system());
    msg.put("user", prompt.user());
    msg.put("goal", prompt.goal());
    byte[] prompted = (Json.write(msg) + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      try {
        r.stdin.write(prompted);
        r.stdin.flush();
      } catch (IOException gone) {
        // A program that exits after each answer can be seen alive for a moment after it has gone: it is started
        // again for this turn, as for any turn after it exited. One that fails as it starts is not retried.
        if (!reused || !r.process.waitFor(1, TimeUnit.SECONDS)) throw gone;
        r = start();
        r.stdin.write(prompted);
        r.stdin.flush();
      }
    } catch (IOException e) {
      // Most often it exited at start (a missing module, a syntax error): what it said on stderr tells why.
      throw fail(r, "the decision program " + command.get(0) + " stopped reading its input (" + e.getMessage() + ")"
          + exitCode(r) + stderrTail(r));
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    StringBuilder text = new StringBuilder();
    while (true) {
      long left = deadline - System.nanoTime();
      Object item = left <= 0 ? null : r.lines.poll(left, TimeUnit.NANOSECONDS);
      if (item == null) {
        throw fail(r, "the decision program " + command.get(0) + " did not answer within " + timeout.toSeconds()
            + " s; it was stopped and will be started again on the next turn");
      }
      if (item == EOF) {
        throw fail(r, "the decision program " + command.get(0) + " exited" + exitCode(r) + " before answering turn "
            + prompt.turn() + stderrTail(r));
      }
      if (item instanceof TooLong) {
        throw fail(r, "the decision program " + command.get(0) + " printed a line longer than " + MAX_LINE_CHARS
            + " characters; a decision is one short JSON line");
      }
      String line = ((String) item).strip();
      if (line.isEmpty()) continue;
      JsonNode json;
      try {
        json = Json.mapper().readTree(line);
      } catch (JsonProcessingException e) {
        json = null;
      }
      if (json == null || !json.isObject()) {
        throw fail(r, "the decision program " + command.get(0) + " printed a line that is not a JSON object: \""
            + HttpModelSource.abbreviate(line, 120) + "\". It must print exactly one JSON decision per line on stdout "
            + "and write anything else to stderr (see docs/decision-program.md)");
      }
      if ("partial".equals(json.path("type").asText(null))) {
        text.setLength(0);
        text.append(json.path("text").asText(""));
        sink.accept(text.toString());
        continue;
      }
      return Reply.of(line);
    }
  }

  private boolean r0Alive() {
    return running != null && running.process.isAlive();
  }

  private Running start() throws DecisionSourceException {
    if (running != null) stop(running);
    ProcessBuilder pb = new ProcessBuilder(command);
    if (workingDir != null) pb.directory(workingDir.toFile());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new DecisionSourceException("cannot start the decision program " + command.get(0) + " (" + e.getMessage()
          + "): check the command line and that the program exists and is executable");
    }
    int n = STARTS.incrementAndGet();
    log.info("{}: started pid {}", label, p.pid());
    Running r = new Running(p);
    Thread out = new Thread(() -> readLines(p.getInputStream(), r.lines), "waymark-program-out-" + n);
    Thread err = new Thread(() -> drainStderr(p.getErrorStream(), r), "waymark-program-err-" + n);
    out.setDaemon(true);
    err.setDaemon(true);
    out.start();
    err.start();
    running = r;
    return r;
  }

  private DecisionSourceException fail(Running r, String message) {
    stop(r);
    if (running == r) running = null;
    return new DecisionSourceException(message);
  }

  private static String exitCode(Running r) {
    try {
      if (r.process.waitFor(2, TimeUnit.SECONDS)) return " with code " + r.process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "";
  }

  private static String stderrTail(Running r) {
    // The reader thread may still be copying the program's last words.
    try {
      r.stderrDone.await(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (r.stderr) {
      if (r.stderr.isEmpty()) return "";
      return "; its last output on stderr: " + String.join(" | ", r.stderr);
    }
  }

  private static void readLines(InputStream in, BlockingQueue<Object> lines) {
    try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      StringBuilder sb = new StringBuilder();
      int c;
      boolean tooLong = false;
      while ((c = reader.read()) >= 0) {
        if (c == '\n') {
          lines.add(tooLong ? new TooLong() : sb.toString());
          sb.setLength(0);
          tooLong = false;
        } else if (!tooLong) {
          sb.append((char) c);
          if (sb.length() > MAX_LINE_CHARS) {
            tooLong = true;
            sb.setLength(0);
          }
        }
      }
      if (tooLong) lines.add(new TooLong());
      else if (sb.length() > 0) lines.add(sb.toString());
    } catch (IOException e) {
      // The stream closes when the program is stopped; that is the end like any other.
    } finally {
      lines.add(EOF);
    }
  }

  private void drainStderr(InputStream in, Running r) {
    try (var reader = new java.io.BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        log.info("{} stderr: {}", label, line);
        synchronized (r.stderr) {
          r.stderr.addLast(HttpModelSource.abbreviate(line, 200));
          while (r.stderr.size() > STDERR_TAIL) r.stderr.removeFirst();
        }
      }
    } catch (IOException e) {
      // Closed when the program ends.
    } finally {
      r.stderrDone.countDown();
    }
  }

  private void stop(Running r) {
    Process p = r.process;
    try {
      r.stdin.close();
    } catch (IOException ignored) {
      // Already gone.
    }
    try {
      if (!p.waitFor(2, TimeUnit.SECONDS)) {
        p.destroy();
        if (!p.waitFor(2, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          p.waitFor(2, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    log.info("{}: pid {} ended", label, p.pid());
  }

  /** Ends the program: closes its input, then asks it to stop, then stops it. */
  @Override
  public synchronized void close() {
    if (running != null) {
      stop(running);
      running = null;
    }
  }

  /** Whether a program is running now, for the studio's status line and tests. */
  public synchronized boolean running() {
    return running != null && running.process.isAlive();
  }

  /** The pid of the running program, or -1. */
  public synchronized long pid() {
    return running == null ? -1 : running.process.pid();
  }

  /**
   * Splits a command line the way a POSIX shell splits words, without running a shell: whitespace separates,
   * single quotes take everything literally, double quotes allow {@code \"} and {@code \\}, and a backslash
   * outside quotes escapes only a space, a quote or a backslash (so Windows paths keep theirs).
   */
  public static List<String> split(String line) {
    if (line == null) throw new IllegalArgumentException("the command line is empty");
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == '\'') {
        if (c == '\'') quote = 0;
        else cur.append(c);
      } else if (quote == '"') {
        if (c == '"') quote = 0;
        else if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) cur.append(line.charAt(++i));
        else cur.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (c == '\\' && i + 1 < line.length() && " \t'\"\\".indexOf(line.charAt(i + 1)) >= 0) {
        cur.append(line.charAt(++i));
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          out.add(cur.toString());
          cur.setLength(0);
          inWord = false;
        }
      } else {
        cur.append(c);
        inWord = true;
      }
    }
    if (quote != 0) throw new IllegalArgumentException("the command line has an unclosed " + quote + " quote");
    if (inWord) out.add(cur.toString());
    if (out.isEmpty()) throw new IllegalArgumentException("the command line is empty");
    return out;
  }

  private static final class TooLong {}

  private static final class Running {
    final Process process;
    final OutputStream stdin;
    final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
    final Deque<String> stderr = new ArrayDeque<>();
    final java.util.concurrent.CountDownLatch stderrDone = new java.util.concurrent.CountDownLatch(1);

    Running(Process p) {
      this.process = p;
      this.stdin = p.getOutputStream();
    }
  }
}
