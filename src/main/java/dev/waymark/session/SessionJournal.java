package dev.waymark.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal of one session: one JSON line per change, written and forced to disk before anyone
 * is shown the change, so a crash loses at most the line being written. Values never reach it: every line goes
 * through the session's redactor first.
 */
public final class SessionJournal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SessionJournal.class);
  public static final String SUFFIX = ".jsonl";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final Path file;
  private FileChannel channel;

  private SessionJournal(Path file) throws IOException {
    this.file = file;
    this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
  }

  /** A new journal file in {@code dir}, named for the time and the session. */
  public static SessionJournal create(Path dir, String sessionId) throws IOException {
    ConfigDirs.ownerOnly(dir);
    Path file = dir.resolve(STAMP.format(Instant.now()) + "-" + sessionId + SUFFIX);
    int n = 1;
    while (Files.exists(file)) file = dir.resolve(STAMP.format(Instant.now()) + "-" + sessionId + "-" + (n++) + SUFFIX);
    return new SessionJournal(file);
  }

  public Path file() {
    return file;
  }

  /** Appends one line and forces it to disk; returns only when the line is durable. */
  synchronized void append(JournalEntry entry, Redactor redactor) throws IOException {
    if (channel == null) throw new IOException("the journal " + file + " is closed");
    String line = redactor.redact(Json.write(entry)) + "\n";
    ByteBuffer buf = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
    while (buf.hasRemaining()) channel.write(buf);
    channel.force(false);
  }

  /** Marks the session finished (no recovery will be offered for it) and closes the file. */
  public synchronized void closeClean(Redactor redactor) throws IOException {
    if (channel == null) return;
    append(JournalEntry.of(JournalEntry.CLOSED), redactor);
    close();
  }

  @Override
  public synchronized void close() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }

  /**
   * What reading a journal gave: the rebuilt state, how many entries, whether a torn last line was dropped, and
   * the step that was waiting for approval when the session stopped (null when none was).
   */
  public record Replay(Path file, SessionState state, int entries, int turns, boolean tornTail, boolean closed,
      AwaitingStep awaiting) {}

  /**
   * Rebuilds the state a journal describes. A last line without its newline, or one that does not parse, is the
   * line a crash interrupted and is ignored; a bad line anywhere else means the file was damaged and is an error.
   */
  public static Replay replay(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String[] lines = text.split("\n", -1);
    SessionState state = null;
    int entries = 0, turns = 0;
    boolean torn = false, closed = false;
    AwaitingStep awaiting = null;
    int lastLine = lines.length - 1;
    while (lastLine >= 0 && lines[lastLine].isBlank()) lastLine--;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      boolean last = i == lastLine;
      if (line.isBlank()) continue;
      JournalEntry e;
      try {
        e = Json.mapper().readValue(line, JournalEntry.class);
      } catch (JsonProcessingException ex) {
        // Only the last line can be one a crash cut short: every earlier one was forced to disk whole.
        if (last) {
          torn = true;
          LOG.warn("journal {}: ignoring the torn last line", file.getFileName());
          continue;
        }
        throw new IOException("the journal " + file + " is damaged at line " + (i + 1) + ": " + ex.getOriginalMessage(), ex);
      }
      if (state == null && !JournalEntry.STATE.equals(e.kind())) {
        throw new IOException("the journal " + file + " does not start with the session state");
      }
      try {
        state = e.applyTo(state);
      } catch (IllegalArgumentException ex) {
        throw new IOException("the journal " + file + " has an unknown entry at line " + (i + 1) + ": " + ex.getMessage(), ex);
      }
      entries++;
      if (JournalEntry.TURN.equals(e.kind())) turns++;
      // A waiting step is settled by the turn that performed or refused it (or an undo, a new state, the close).
      switch (e.kind()) {
        case JournalEntry.AWAITING -> awaiting = e.step() == null ? null : new AwaitingStep(e.step(), e.note());
        case JournalEntry.TURN, JournalEntry.UNDO, JournalEntry.STATE, JournalEntry.CLOSED -> awaiting = null;
        default -> { }
      }
      closed = JournalEntry.CLOSED.equals(e.kind());
    }
    if (state == null) throw new IOException("the journal " + file + " holds no session");
    return new Replay(file, state, entries, turns, torn, closed, awaiting);
  }

  /**
   * Journals in {@code dir} whose session did not end cleanly and that hold some work (a turn, a variable or a
   * goal), newest first: the sessions to offer for recovery.
   */
  public static List<Replay> unfinished(Path dir) {
    List<Replay> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) return out;
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path p : ds) {
        try {
          // Most journals ended cleanly: their last line says so, and reading the tail is enough.
          if (endsClosed(p)) continue;
          Replay r = replay(p);
          SessionState s = r.state();
          boolean work = !s.trail().isEmpty() || !s.variables().isEmpty() || (s.goal() != null && !s.goal().isBlank());
          if (!r.closed() && work) out.add(r);
        } catch (IOException e) {
          LOG.warn("cannot read journal {}: {}", p, e.getMessage());
        }
      }
    } catch (IOException e) {
      LOG.warn("cannot list journals in {}: {}", dir, e.getMessage());
    }
    out.sort(Comparator.comparing((Replay r) -> lastModified(r.file())).reversed());
    return out;
  }

  static boolean endsClosed(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      int n = (int) Math.min(size, 512);
      ByteBuffer buf = ByteBuffer.allocate(n);
      ch.read(buf, size - n);
      String tail = new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).stripTrailing();
      int nl = tail.lastIndexOf('\n');
      String last = nl < 0 ? tail : tail.substring(nl + 1);
      return last.startsWith("{\"kind\":\"" + JournalEntry.CLOSED + "\"");
    }
  }

  /**
   * Deletes journals that are finished (closed cleanly, recovered or declined) and older than {@code maxAge}, so
   * the folder does not grow forever. Unfinished journals are kept whatever their age: they are work.
   */
  public static int prune(Path dir, java.time.Duration maxAge) {
    if (!Files.isDirectory(dir)) return 0;
    long cutoff = System.currentTimeMillis() - maxAge.toMillis();
    int deleted = 0;
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      for (Path p : ds) {
        String name = p.getFileName().toString();
        boolean setAside = name.endsWith(SUFFIX + ".recovered") || name.endsWith(SUFFIX + ".declined");
        try {
          if (lastModified(p) >= cutoff) continue;
          if (setAside || (name.endsWith(SUFFIX) && endsClosed(p))) {
            Files.delete(p);
            deleted++;
          }
        } catch (IOException e) {
          LOG.warn("cannot prune journal {}: {}", p, e.getMessage());
        }
      }
    } catch (IOException e) {
      LOG.warn("cannot list journals in {}: {}", dir, e.getMessage());
    }
    return deleted;
  }

  /** Sets a journal aside once its session was recovered or declined, so it is offered only once. */
  public static Path setAside(Path file, String why) throws IOException {
    Path target = file.resolveSibling(file.getFileName() + "." + why);
    return Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
  }

  private static long lastModified(Path p) {
    try {
      return Files.getLastModifiedTime(p).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }
}
