package dev.waymark.cli;

import dev.waymark.secrets.SecretStore;
import dev.waymark.secrets.SecretStoreException;
import dev.waymark.secrets.ValuesFileStore;
import dev.waymark.secrets.ValuesFrom;
import java.io.ByteArrayOutputStream;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Where a command's values come from: {@code --values-file FILE} or {@code --values-from keyring|keepass:FILE|FILE}
 * (one of the two). A KeePass master password is asked once, on the terminal without echo; with no terminal it is
 * read from {@value #PASSWORD_ENV} (meant for unattended runs and tests), else from the first line of standard input
 * when the command does not use it for something else. It is never stored.
 */
final class ValueSources {
  /** The environment variable an unattended run may give a KeePass master password in. */
  static final String PASSWORD_ENV = "WAYMARK_KEEPASS_PASSWORD";
  static final String OPTION_HELP = "where real values come from: keyring (the OS keyring: Secret Service, Keychain, "
      + "Credential Manager; entries of service waymark named by the variable), keepass:FILE (a KeePass database: the "
      + "entry titled by the variable; its master password is asked once) or FILE (name=value lines, like --values-file)";

  private ValueSources() {}

  /** The store the options name, or null for neither; both at once is an error. */
  static SecretStore open(Path valuesFile, String valuesFrom, boolean stdinFree) throws SecretStoreException {
    if (valuesFile != null && valuesFrom != null) {
      throw new SecretStoreException("use --values-file or --values-from, not both");
    }
    if (valuesFile != null) return ValuesFileStore.open(valuesFile);
    if (valuesFrom == null) return null;
    return ValuesFrom.open(valuesFrom, file -> masterPassword(file, stdinFree));
  }

  /** Whether the store keeps values for the person outside a file they pass (a keyring or a KeePass database). */
  static boolean isVault(SecretStore store) {
    return store != null && !(store instanceof ValuesFileStore);
  }

  private static char[] masterPassword(Path file, boolean stdinFree) throws SecretStoreException {
    Console console = System.console();
    if (console != null) {
      char[] pw = console.readPassword("Master password of %s: ", file);
      if (pw == null) throw new SecretStoreException("No master password was typed for " + file);
      return pw;
    }
    String env = System.getenv(PASSWORD_ENV);
    if (env != null) return env.toCharArray();
    if (stdinFree) {
      try {
        return firstLine(System.in);
      } catch (IOException e) {
        throw new SecretStoreException("Cannot read the master password of " + file + " from standard input", e);
      }
    }
    throw new SecretStoreException("No terminal to ask the master password of " + file + " on: run the command from a "
        + "terminal, or set " + PASSWORD_ENV + " for an unattended run");
  }

  /** One line, byte by byte, so nothing after it is taken from a stream the command reads later. */
  private static char[] firstLine(InputStream in) throws IOException, SecretStoreException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1 && c != '\n') b.write(c);
    byte[] bytes = b.toByteArray();
    int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    if (n == 0 && c == -1) throw new SecretStoreException("No master password on standard input and no terminal to ask on");
    java.nio.CharBuffer chars = StandardCharsets.UTF_8.decode(java.nio.ByteBuffer.wrap(bytes, 0, n));
    char[] pw = new char[chars.remaining()];
    chars.get(pw);
    java.util.Arrays.fill(chars.array(), '\0');
    java.util.Arrays.fill(bytes, (byte) 0);
    return pw;
  }
}
