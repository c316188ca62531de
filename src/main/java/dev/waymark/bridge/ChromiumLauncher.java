package dev.waymark.bridge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds Chromium, gives it a private copy of the extension that carries the pairing code and the
 * studio's port ({@code pairing.json}), and launches it so it pairs by itself.
 */
public final class ChromiumLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(ChromiumLauncher.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  /**
   * Permissions only a launched browser's copy has: Chrome refuses {@code debugger} as an optional permission, so
   * the strict manifest the person installs cannot carry it at all (decision 0050).
   */
  public static final List<String> LAUNCHED_ONLY_PERMISSIONS = List.of("debugger");

  /**
   * How to launch.
   *
   * @param chromium        an explicit executable, or null to search PATH
   * @param headless        run without a window
   * @param profile         a profile name kept under the config folder, or null for a fresh temporary one
   * @param remoteDebugging open a DevTools port (tests drive the browser through it)
   * @param extraArgs       more command-line flags
   * @param trustedInput    the extension's default input is trusted (chrome.debugger); tests of the page-script
   *                        fallback turn it off
   * @param grantUpFront    the copy's manifest grants every optional and launched-only permission (decision 0050);
   *                        only a test of the person's own browser loads the strict manifest
   */
  public record Options(Path chromium, boolean headless, String profile, boolean remoteDebugging,
                        List<String> extraArgs, boolean trustedInput, boolean grantUpFront) {
    public Options {
      extraArgs = extraArgs == null ? List.of() : List.copyOf(extraArgs);
      if (profile != null && !profile.matches("[A-Za-z0-9._-]{1,64}")) {
        throw new IllegalArgumentException("A profile name is 1-64 letters, digits, dots, dashes or underscores");
      }
    }

    /** A fresh temporary profile, with a window. */
    public static Options defaults() {
      return new Options(null, false, null, false, List.of(), true, true);
    }

    public Options withHeadless(boolean h) {
      return new Options(chromium, h, profile, remoteDebugging, extraArgs, trustedInput, grantUpFront);
    }

    public Options withProfile(String p) {
      return new Options(chromium, headless, p, remoteDebugging, extraArgs, trustedInput, grantUpFront);
    }

    public Options withChromium(Path c) {
      return new Options(c, headless, profile, remoteDebugging, extraArgs, trustedInput, grantUpFront);
    }

    public Options withRemoteDebugging(boolean r) {
      return new Options(chromium, headless, profile, r, extraArgs, trustedInput, grantUpFront);
    }

    public Options withTrustedInput(boolean t) {
      return new Options(chromium, headless, profile, remoteDebugging, extraArgs, t, grantUpFront);
    }

    /** False loads the extension's strict manifest, as the person's own browser does (tests of that case). */
    public Options withGrantUpFront(boolean g) {
      return new Options(chromium, headless, profile, remoteDebugging, extraArgs, trustedInput, g);
    }
  }

  private ChromiumLauncher() {
  }

  /** The browser to launch: {@code explicit} when it is one, else what {@link BrowserLocator} finds. */
  public static Optional<Path> findChromium(Path explicit) {
    return BrowserLocator.system().find(explicit);
  }

  /** Launches Chromium paired with {@code client}'s server, its config folder from the client's settings. */
  public static LaunchedBrowser launch(BrowserClient client, Options options) throws IOException {
    return launch(options, client.server().config().configDir(), client.port(), client.secret());
  }

  /**
   * Launches Chromium with a private extension copy that pairs with the studio on {@code port};
   * with a null secret the copy has no pairing.json and the person pairs it in the popup.
   */
  public static LaunchedBrowser launch(Options options, Path configDir, int port, PairingSecret secret) throws IOException {
    Path exe = findChromium(options.chromium()).orElseThrow(() -> new IOException(
        BrowserLocator.notFoundMessage(options.chromium())));
    Path browsers = ConfigDir.ensureOwnerOnlyDir(configDir.resolve("browsers"));
    boolean temporary = options.profile() == null;
    String name = temporary ? ".tmp-" + HexFormat.of().formatHex(randomBytes(6)) : options.profile();
    Path root = ConfigDir.ensureOwnerOnlyDir(browsers.resolve(name));
    Path extension = root.resolve("extension");
    Path userData = ConfigDir.ensureOwnerOnlyDir(root.resolve("user-data"));
    copyExtension(extension);
    if (secret != null) {
      writePairing(extension, secret, port);
    }
    writeLaunch(extension, options.trustedInput());
    if (options.grantUpFront()) {
      grantUpFront(extension);
    }

    List<String> cmd = new ArrayList<>();
    cmd.add(exe.toString());
    cmd.add("--user-data-dir=" + userData);
    cmd.add("--load-extension=" + extension);
    cmd.add("--disable-extensions-except=" + extension);
    // branded Chrome 137+ ignores --load-extension unless this feature is off
    cmd.add("--disable-features=DisableLoadExtensionCommandLineSwitch");
    cmd.add("--no-first-run");
    cmd.add("--no-default-browser-check");
    cmd.add("--disable-background-networking");
    cmd.add("--disable-component-update");
    cmd.add("--disable-sync");
    cmd.add("--disable-quic");
    // Trusted input goes through chrome.debugger; in a browser we launch, Chrome's "being debugged" bar would
    // cover the page for the whole session, so it is not shown (docs/decisions/0021).
    cmd.add("--silent-debugger-extension-api");
    if (options.headless()) {
      cmd.add("--headless=new");
      cmd.add("--disable-gpu");
    }
    if ("root".equals(System.getProperty("user.name"))) {
      // Chromium refuses to start as root with its sandbox
      cmd.add("--no-sandbox");
    }
    if (options.remoteDebugging()) {
      cmd.add("--remote-debugging-port=0");
      cmd.add("--remote-debugging-address=127.0.0.1");
    }
    cmd.addAll(options.extraArgs());
    // Always about:blank: a page that loads while the extension is still starting may never run its scripts,
    // so the first page is opened through the extension once it has paired.
    cmd.add("about:blank");

    Files.deleteIfExists(userData.resolve("DevToolsActivePort"));
    Path log = root.resolve("chromium.log");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    LOG.info("Launching {} (profile {}, {})", exe, temporary ? "temporary" : name, options.headless() ? "headless" : "with a window");
    Process process = pb.start();
    return new LaunchedBrowser(process, root, extension, userData, log, temporary);
  }

  /** Where the built extension is: target/classes/extension in a checkout, else the classpath folder extension/. */
  static void copyExtension(Path target) throws IOException {
    copyPackage("extension", target);
  }

  /**
   * Copies a built extension package ({@code extension} for Chromium, {@code extension-firefox} for Firefox) into
   * {@code target}: from target/classes in a checkout, else from the classpath (a folder or the app's jar).
   */
  public static void copyPackage(String name, Path target) throws IOException {
    deleteTree(target);
    Path dev = Path.of("target", "classes", name);
    if (Files.isRegularFile(dev.resolve("manifest.json"))) {
      copyTree(dev, target);
      return;
    }
    URL manifest = ChromiumLauncher.class.getClassLoader().getResource(name + "/manifest.json");
    if (manifest == null) {
      throw new IOException("The built extension is missing: neither target/classes/" + name + " nor the classpath folder "
          + name + "/ exists. Build with mvn compile.");
    }
    if ("file".equals(manifest.getProtocol())) {
      try {
        copyTree(Path.of(manifest.toURI()).getParent(), target);
      } catch (URISyntaxException e) {
        throw new IOException("Cannot read the extension folder " + manifest, e);
      }
      return;
    }
    if (manifest.openConnection() instanceof JarURLConnection jar) {
      jar.setUseCaches(false);
      try (JarFile file = jar.getJarFile()) {
        for (JarEntry entry : java.util.Collections.list(file.entries())) {
          if (!entry.getName().startsWith(name + "/") || entry.isDirectory()) {
            continue;
          }
          Path out = target.resolve(entry.getName().substring(name.length() + 1)).normalize();
          if (!out.startsWith(target)) {
            continue;
          }
          Files.createDirectories(out.getParent());
          try (InputStream in = file.getInputStream(entry)) {
            Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
      return;
    }
    throw new IOException("Cannot copy the extension from " + manifest);
  }

  /**
   * Rewrites the copy's manifest so Chrome grants at load, without a prompt, what the person's own browser asks
   * for later or not at all: the optional permissions and hosts become required ones, plus the launched-only ones.
   * The copy is private to this browser and written by Waymark, so no person's consent is being skipped.
   */
  static void grantUpFront(Path extension) throws IOException {
    Path file = extension.resolve("manifest.json");
    ObjectMapper json = new ObjectMapper();
    ObjectNode manifest = (ObjectNode) json.readTree(file.toFile());
    moveInto(manifest, "optional_permissions", "permissions", LAUNCHED_ONLY_PERMISSIONS);
    moveInto(manifest, "optional_host_permissions", "host_permissions", List.of());
    Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(manifest), StandardCharsets.UTF_8);
  }

  private static void moveInto(ObjectNode manifest, String from, String to, List<String> more) {
    java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
    manifest.path(to).forEach(n -> all.add(n.asText()));
    manifest.path(from).forEach(n -> all.add(n.asText()));
    all.addAll(more);
    manifest.remove(from);
    if (!all.isEmpty()) {
      var array = manifest.putArray(to);
      all.forEach(array::add);
    }
  }

  /**
   * A private copy of the extension package {@code name} in {@code target}, paired with {@code client}'s bridge (its
   * pairing.json carries the code and the port) and told whether its input is trusted by default. For another
   * engine's launcher: the pairing secret never leaves this package.
   */
  public static void pairedCopy(BrowserClient client, String name, Path target, boolean trustedInput) throws IOException {
    copyPackage(name, target);
    writePairing(target, client.secret(), client.port());
    writeLaunch(target, trustedInput);
  }

  /** Writes the copy's pairing.json (owner-only): the code and the studio's port, so it pairs by itself. */
  private static void writePairing(Path extension, PairingSecret secret, int port) throws IOException {
    ObjectNode pairing = new ObjectMapper().createObjectNode();
    pairing.put("code", secret.displayCode());
    pairing.put("port", port);
    dev.waymark.workflow.PrivateFiles.replace(extension.resolve("pairing.json"), pairing.toString());
  }

  // Tells the extension copy that Waymark launched this browser, and so whether its input is trusted by default.
  private static void writeLaunch(Path extension, boolean trustedInput) throws IOException {
    ObjectNode launch = new ObjectMapper().createObjectNode();
    launch.put("trusted_input", trustedInput);
    Files.writeString(extension.resolve("launch.json"), launch.toString(), StandardCharsets.UTF_8);
  }

  private static void copyTree(Path from, Path to) throws IOException {
    ConfigDir.ensureOwnerOnlyDir(to);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path out = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(out);
        } else {
          Files.copy(p, out, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  static void deleteTree(Path dir) throws IOException {
    FileTrees.deleteTreeOrFail(dir);
  }

  /** Deletes a launch folder that is no longer needed; what cannot be deleted is logged, never thrown. */
  public static void deleteTreeQuietly(Path dir) {
    try {
      FileTrees.deleteTreeOrFail(dir);
    } catch (IOException e) {
      LOG.warn("Could not delete {}: {}", dir, e.getMessage());
    }
  }

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }
}
