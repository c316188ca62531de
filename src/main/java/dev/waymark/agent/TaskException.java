package dev.waymark.agent;

/** A tool call that cannot be carried out; its message says what happened and what to send instead. */
public final class TaskException extends RuntimeException {
  public TaskException(String message) {
    super(message);
  }

  public TaskException(String message, Throwable cause) {
    super(message, cause);
  }
}
