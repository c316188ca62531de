package dev.waymark.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Secret Service for a test: a session dbus-daemon of its own on a socket in a temporary folder, and an
 * unlocked GNOME Keyring on it (its keyrings in that folder too, never the person's). The library finds the bus
 * through the {@code DBUS_SESSION_BUS_ADDRESS} system property that dbus-java reads before the environment; {@link
 * #environment} gives a child process the same bus. Missing daemons fail the test with what to install (CI installs
 * them from .ci/run), never skip it. {@link #close} stops both daemons and deletes the folder.
 */
public final class SecretServiceDaemon implements AutoCloseable {
  /**
   * The {@code @ResourceLock} of every test class that starts one: the bus address is a JVM-wide system property, so two
   * such classes running at once (decision 0055) would reach each other's keyring.
   */
  public static final String LOCK = "waymark.session-bus";
  private static final String PROPERTY = "DBUS_SESSION_BUS_ADDRESS";
  private final Path dir;
  private final Process bus;
  private final Process keyring;
  private final String address;
  private final String previous;

  private SecretServiceDaemon(Path dir, Process bus, Process keyring, String address, String previous) {
    this.dir = dir;
    this.bus = bus;
    this.keyring = keyring;
    this.address = address;
    this.previous = previous;
  }

  public static SecretServiceDaemon start() throws Exception {
    for (String tool : List.of("dbus-daemon", "gnome-keyring-daemon", "dbus-send")) {
      if (!onPath(tool)) {
        throw new AssertionError(tool + " is not installed, so the keyring tests cannot start a Secret Service: "
            + "apt-get install gnome-keyring dbus dbus-bin (.ci/run installs them for CI)");
      }
    }
    Path dir = Files.createTempDirectory("waymark-keyring");
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwx------"));
    Process bus = new ProcessBuilder("dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1",
        "--address=unix:path=" + dir.resolve("bus")).redirectError(dir.resolve("dbus.err").toFile()).start();
    Process keyring = null;
    try {
      String address = firstLine(bus);
      ProcessBuilder pb = new ProcessBuilder("gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets")
          .redirectOutput(dir.resolve("keyring.out").toFile()).redirectError(dir.resolve("keyring.err").toFile());
      pb.environment().put(PROPERTY, address);
      pb.environment().put("HOME", dir.toString());
      pb.environment().put("XDG_DATA_HOME", dir.resolve("data").toString());
      pb.environment().put("XDG_RUNTIME_DIR", run.toString());
      pb.environment().remove("DISPLAY");
      keyring = pb.start();
      try (OutputStream in = keyring.getOutputStream()) {
        in.write("test-login-password".getBytes(StandardCharsets.UTF_8));
      }
      awaitSecretsName(address, keyring, dir);
      String previous = System.getProperty(PROPERTY);
      System.setProperty(PROPERTY, address);
      return new SecretServiceDaemon(dir, bus, keyring, address, previous);
    } catch (Exception | AssertionError e) {
      if (keyring != null) keyring.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      bus.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      delete(dir);
      throw e;
    }
  }

  /** The bus address, for a child process's {@code DBUS_SESSION_BUS_ADDRESS}. */
  public String address() {
    return address;
  }

  /** Puts this bus into a child's environment. */
  public void environment(ProcessBuilder pb) {
    pb.environment().put(PROPERTY, address);
  }

  private static String firstLine(Process p) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    var line = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return r.readLine();
      } catch (IOException e) {
        return null;
      }
    });
    String address = line.get(10, TimeUnit.SECONDS);
    if (address == null || !address.startsWith("unix:")) throw new AssertionError("dbus-daemon printed no address: " + address);
    return address.strip();
  }

  private static void awaitSecretsName(String address, Process keyring, Path dir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < deadline) {
      if (!keyring.isAlive()) {
        throw new AssertionError("gnome-keyring-daemon exited with " + keyring.exitValue() + ": "
            + Files.readString(dir.resolve("keyring.err")));
      }
      ProcessBuilder pb = new ProcessBuilder("dbus-send", "--session", "--dest=org.freedesktop.DBus", "--print-reply",
          "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets").redirectErrorStream(true);
      pb.environment().put(PROPERTY, address);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor(5, TimeUnit.SECONDS);
      if (out.contains("boolean true")) return;
      Thread.sleep(100);
    }
    throw new AssertionError("gnome-keyring-daemon took no Secret Service name on the test bus in 15 s: "
        + Files.readString(dir.resolve("keyring.err")));
  }

  private static boolean onPath(String tool) {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
      if (Files.isExecutable(Path.of(d, tool))) return true;
    }
    return false;
  }

  @Override
  public void close() throws Exception {
    if (previous == null) System.clearProperty(PROPERTY);
    else System.setProperty(PROPERTY, previous);
    keyring.destroy();
    if (!keyring.waitFor(5, TimeUnit.SECONDS)) keyring.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    bus.destroy();
    if (!bus.waitFor(5, TimeUnit.SECONDS)) bus.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    delete(dir);
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    }
  }
}
