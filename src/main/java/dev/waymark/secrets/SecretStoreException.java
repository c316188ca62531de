package dev.waymark.secrets;

import java.io.IOException;

/** A store that cannot be used; the message says what happened and what to do, and never quotes a value. */
public final class SecretStoreException extends IOException {
  public SecretStoreException(String message) {
    super(message);
  }

  public SecretStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
