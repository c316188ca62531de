package dev.waymark.session;

import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Saves and opens an authoring session ({@code .waymark.json}): the state without any value, written atomically
 * so a crash during save leaves the previous file whole.
 */
public final class SessionFile {
  public static final String EXTENSION = ".waymark.json";

  private SessionFile() {}

  static void save(Path file, SessionState state, Redactor redactor) throws IOException {
    String json = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(state);
    AtomicFiles.write(file, redactor.redact(json) + "\n");
  }

  /** Reads a session file; the message of the exception says what is wrong with the file. */
  public static SessionState open(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    try {
      SessionState s = Json.mapper().readValue(text, SessionState.class);
      if (s.format() > SessionState.FORMAT) {
        throw new IOException(file.getFileName() + " was written by a newer Waymark (format " + s.format()
            + "); update Waymark to open it");
      }
      return s;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IOException(file.getFileName() + " is not a Waymark session file (" + e.getOriginalMessage() + ")", e);
    }
  }
}
