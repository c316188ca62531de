package dev.waymark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.RunLog;
import dev.waymark.session.AtomicFiles;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code waymark run}'s record of the steps it sends (decision 0054): one file per workflow (and base url) in the
 * owner-only {@code runs} folder, a JSON line per step sent and per result, each forced to disk before the step
 * goes out. It holds only step ids, types and how far each got — never a value, a label or a page's text. A run that
 * completes removes it; any other ending leaves it for the next {@code --start-at auto}, which never repeats what it
 * says was done. Only the last line can be one a kill cut short; a damaged line before it makes the record unreadable.
 */
public final class RunJournal implements RunLog {
  private static final Logger LOG = LoggerFactory.getLogger(RunJournal.class);
  private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("HH:mm:ss 'on' yyyy-MM-dd").withZone(ZoneId.systemDefault());
  private static final ObjectMapper JSON = Json.mapper();

  private final Path file;
  private final String start;
  private final Consumer<String> warn;
  private final PriorRun prior;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private FileChannel channel;
  private boolean broken;

  private RunJournal(Path file, String start, Consumer<String> warn, PriorRun prior, FileChannel lockChannel, FileLock lock) {
    this.file = file;
    this.start = start;
    this.warn = warn;
    this.prior = prior;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  /**
   * Opens the record of runs of {@code workflowKey} (the workflow file's absolute path, and the base url it runs
   * against) in {@code dir}; with {@code fresh} an earlier record is set aside first. Returns {@link RunLog#NONE},
   * after a warning, when another run of the same workflow holds the record or it cannot be opened: a run goes on
   * without a record rather than not at all.
   */
  public static RunLog open(Path dir, String workflowKey, String start, boolean fresh, Consumer<String> warn) {
    Path file = dir.resolve(name(workflowKey));
    try {
      FileChannel lockChannel = FileChannel.open(dir.resolve(file.getFileName() + ".lock"), StandardOpenOption.CREATE,
          StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = lockChannel.tryLock();
      } catch (java.nio.channels.OverlappingFileLockException e) {
        lock = null; // held by another run in this same process
      }
      if (lock == null) {
        lockChannel.close();
        warn.accept("another run of this workflow is going on and keeps the record of sent steps; this one keeps none");
        return RunLog.NONE;
      }
      if (fresh && Files.exists(file)) {
        Path aside = file.resolveSibling(file.getFileName() + ".set-aside-" + System.currentTimeMillis());
        Files.move(file, aside);
        warn.accept("--fresh: the record of the last unfinished run is set aside as " + aside);
      }
      return new RunJournal(file, start, warn, read(file), lockChannel, lock);
    } catch (IOException e) {
      warn.accept("the record of sent steps cannot be opened (" + e.getMessage() + "); this run keeps none");
      return RunLog.NONE;
    }
  }

  /** The record's file name: a digest of the key, so a path never becomes a file name. */
  static String name(String workflowKey) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(workflowKey.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 16) + ".jsonl";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What the record says the last runs did, folded to each step's latest state. */
  static PriorRun read(Path file) throws IOException {
    if (!Files.exists(file)) return PriorRun.NONE;
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<String, Mark> marks = new LinkedHashMap<>();
    String started = null;
    String ended = null;
    String lastAt = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) continue;
      JsonNode n;
      try {
        n = JSON.readTree(line);
        if (!n.isObject()) throw new IOException("not an object");
      } catch (IOException e) {
        if (i == lines.size() - 1) break; // the tail a kill cut short: that step was never sent
        return new PriorRun(null, Map.of(), file + " line " + (i + 1) + " is damaged");
      }
      if (n.hasNonNull("at")) lastAt = n.get("at").asText();
      if (n.hasNonNull("run")) {
        started = n.path("at").asText(null);
        ended = null;
      } else if (n.hasNonNull("sent")) {
        marks.put(n.get("sent").asText(), Mark.SENT);
      } else if (n.hasNonNull("result")) {
        String id = n.get("result").asText();
        switch (n.path("state").asText()) {
          case "done" -> marks.put(id, Mark.DONE);
          case "uncertain" -> marks.put(id, Mark.UNCERTAIN);
          default -> marks.remove(id);
        }
      } else if (n.hasNonNull("ended")) {
        ended = n.get("ended").asText().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
      }
    }
    if (marks.isEmpty()) return PriorRun.NONE;
    String how = ended != null
        ? "started " + when(started) + ", ended " + ended + " at " + when(lastAt)
        : "started " + when(started) + ", cut off without an ending (killed, or its machine stopped) after " + when(lastAt);
    return new PriorRun(how, marks, null);
  }

  private static String when(String iso) {
    if (iso == null) return "at an unknown time";
    try {
      return WHEN.format(Instant.parse(iso));
    } catch (RuntimeException e) {
      return iso;
    }
  }

  @Override
  public PriorRun prior() {
    return prior;
  }

  @Override
  public synchronized void sent(String stepId, String type) {
    ObjectNode n = JSON.createObjectNode().put("sent", stepId).put("type", type);
    append(n);
  }

  @Override
  public synchronized void result(ReplayStepResult r) {
    String state = r.uncertain() ? "uncertain" : r.ok() && !r.skipped() ? "done" : r.skipped() ? "skipped" : "failed";
    append(JSON.createObjectNode().put("result", r.stepId()).put("state", state));
  }

  @Override
  public synchronized void ended(ReplayResult.Outcome outcome) {
    try {
      if (outcome == ReplayResult.Outcome.COMPLETED) {
        // Nothing is left to resume: the record goes, so the next run starts clean.
        if (channel != null) channel.close();
        channel = null;
        Files.deleteIfExists(file);
        return;
      }
      if (channel != null) append(JSON.createObjectNode().put("ended", outcome.name()));
    } catch (IOException e) {
      LOG.warn("cannot end the run record {}: {}", file, e.getMessage());
    }
  }

  /** One line, forced to disk; the first line of this run first compacts what earlier runs left. */
  private void append(ObjectNode n) {
    if (broken) return;
    n.put("at", Instant.now().toString());
    try {
      if (channel == null) begin();
      channel.write(ByteBuffer.wrap((n + "\n").getBytes(StandardCharsets.UTF_8)));
      channel.force(false);
    } catch (IOException e) {
      broken = true;
      warn.accept("the record of sent steps cannot be written (" + e.getMessage() + "): if this run is cut off, a "
          + "rerun cannot know which steps it performed");
    }
  }

  /** Rewrites the earlier record as its folded marks (so it never grows run after run), then opens it for this run. */
  private void begin() throws IOException {
    if (prior.problem() != null && Files.exists(file)) {
      // A damaged record is never overwritten: it is kept beside, for the person to read.
      Path aside = file.resolveSibling(file.getFileName() + ".damaged-" + System.currentTimeMillis());
      Files.move(file, aside);
      warn.accept("the damaged record of the last run is kept as " + aside + "; this run starts a new one");
    }
    StringBuilder kept = new StringBuilder();
    for (Map.Entry<String, Mark> m : prior.marks().entrySet()) {
      String state = switch (m.getValue()) {
        case DONE -> "done";
        case UNCERTAIN -> "uncertain";
        case SENT -> null;
      };
      ObjectNode line = state == null ? JSON.createObjectNode().put("sent", m.getKey())
          : JSON.createObjectNode().put("result", m.getKey()).put("state", state);
      kept.append(line.put("earlier", true)).append('\n');
    }
    ObjectNode header = JSON.createObjectNode().put("run", UUID.randomUUID().toString()).put("start", start)
        .put("at", Instant.now().toString());
    kept.append(header).append('\n');
    AtomicFiles.write(file, kept.toString());
    channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
  }

  @Override
  public synchronized void close() {
    try {
      if (channel != null) channel.close();
      lock.release();
      lockChannel.close();
    } catch (IOException e) {
      LOG.debug("closing the run record {}: {}", file, e.getMessage());
    }
  }
}
