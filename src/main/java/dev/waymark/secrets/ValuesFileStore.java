package dev.waymark.secrets;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** The values file ({@code name=value} lines, owner-only), read once when opened. */
public final class ValuesFileStore implements SecretStore {
  private final Path file;
  private final Map<String, String> values;

  private ValuesFileStore(Path file, Map<String, String> values) {
    this.file = file;
    this.values = values;
  }

  /** Reads the file; an unusable one is an error that says how to fix it. */
  public static ValuesFileStore open(Path file) throws SecretStoreException {
    try {
      return new ValuesFileStore(file, Map.copyOf(ValuesFile.read(file)));
    } catch (SecretStoreException e) {
      throw e;
    } catch (IOException e) {
      throw new SecretStoreException(e.getMessage(), e);
    }
  }

  /** Every value of the file (a values file names exactly what the person means to give). */
  public Map<String, String> values() {
    return values;
  }

  @Override
  public String describe() {
    return "the values file " + file;
  }

  @Override
  public Optional<String> lookup(String name) {
    return Optional.ofNullable(values.get(name));
  }
}
