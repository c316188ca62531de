package dev.waymark.ui.common;

import dev.waymark.session.SessionException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns a failure into the sentence a person reads: the session's own message, never a stack trace. */
public final class Problems {
  private Problems() {}

  public static String describe(Throwable t) {
    Throwable c = t;
    while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) c = c.getCause();
    if (c instanceof SessionException) return c.getMessage();
    String m = c.getMessage();
    return (m == null || m.isBlank() ? c.getClass().getSimpleName() : m) + ". The log has the details.";
  }
}
