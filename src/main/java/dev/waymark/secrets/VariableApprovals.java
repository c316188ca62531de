package dev.waymark.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which variables the person let a workflow take from their store: {@value #FILE_NAME} beside the approval policy,
 * owner-only, written atomically, holding names and never values. A workflow is known by the SHA-256 of its file's
 * text, so an edited workflow (another site, another field) asks again (decision 0059).
 */
public final class VariableApprovals {
  public static final String FILE_NAME = "variable-approvals.json";

  /** One approved workflow: its digest, its name when approved, the variables it may take, and when. */
  public record Entry(String key, String workflow, List<String> variables, String approvedAt) {}

  private final Path file;
  // A file lock is the process's: two instances in one JVM are kept apart here (else OverlappingFileLockException).
  private static final Object IN_THIS_JVM = new Object();

  public VariableApprovals(Path file) {
    this.file = file;
  }

  /** The approvals file that sits beside the approval policy file. */
  public static VariableApprovals besidePolicy(Path policyFile) {
    return new VariableApprovals(policyFile.resolveSibling(FILE_NAME));
  }

  public Path file() {
    return file;
  }

  /** The key a workflow's approvals are filed under: the SHA-256 of its YAML text. */
  public static String key(String workflowText) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(workflowText.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  /** The variables approved for the workflow with this key (empty when none). */
  public synchronized Set<String> approved(String key) throws IOException {
    for (Entry e : list()) if (e.key().equals(key)) return new TreeSet<>(e.variables());
    return Set.of();
  }

  /** Adds names to what the workflow may take (names already approved stay). */
  public synchronized void approve(String key, String workflowName, Collection<String> names) throws IOException {
    for (String n : names) {
      if (!dev.waymark.workflow.Tokens.isName(n)) throw new IllegalArgumentException("\"" + n + "\" is not a variable name");
    }
    synchronized (IN_THIS_JVM) {
      try (FileChannel locked = lock()) {
        Set<String> all = new TreeSet<>(approved(key));
      all.addAll(names);
      List<Entry> entries = new ArrayList<>(list());
      entries.removeIf(e -> e.key().equals(key));
      entries.add(new Entry(key, workflowName, List.copyOf(all), Instant.now().toString()));
      save(entries);
      }
    }
  }

  /** The studio and a command may change approvals at once: each change reads and writes under a lock file's lock. */
  private FileChannel lock() throws IOException {
    Path abs = file.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    FileChannel ch = FileChannel.open(abs.resolveSibling("." + abs.getFileName() + ".lock"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
    try {
      ch.lock();
      return ch;
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  /** Takes back every approval of the workflow with this key; true when there was one. */
  public synchronized boolean revoke(String key) throws IOException {
    synchronized (IN_THIS_JVM) {
      try (FileChannel locked = lock()) {
        List<Entry> entries = new ArrayList<>(list());
        boolean removed = entries.removeIf(e -> e.key().equals(key));
        if (removed) save(entries);
        return removed;
      }
    }
  }

  /** Every approved workflow, oldest first. */
  public synchronized List<Entry> list() throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return List.of();
    }
    try {
      JsonNode root = Json.mapper().readTree(text);
      List<Entry> out = new ArrayList<>();
      for (JsonNode w : root.path("workflows")) {
        List<String> vars = new ArrayList<>();
        w.path("variables").forEach(v -> vars.add(v.asText()));
        out.add(new Entry(w.path("key").asText(), w.path("workflow").asText(""), List.copyOf(vars), w.path("approved_at").asText("")));
      }
      return out;
    } catch (IOException e) {
      throw new IOException(file + " is not a valid variable approvals file (" + e.getMessage()
          + "); delete it and approve the workflows' variables again", e);
    }
  }

  private void save(List<Entry> entries) throws IOException {
    ObjectNode root = Json.mapper().createObjectNode();
    ArrayNode ws = root.putArray("workflows");
    for (Entry e : entries) {
      ObjectNode w = ws.addObject();
      w.put("key", e.key());
      w.put("workflow", e.workflow());
      e.variables().forEach(w.putArray("variables")::add);
      w.put("approved_at", e.approvedAt());
    }
    writeOwnerOnly(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
  }

  private void writeOwnerOnly(String content) throws IOException {
    dev.waymark.workflow.PrivateFiles.replace(file, content);
  }
}
