package dev.waymark.testing;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The widget libraries of the gallery pages ({@code src/test/node/gallery}, installed by Maven's {@code npm ci} from
 * its lock file), served from disk under {@code /lib/} by the test page servers: {@code /lib/tom-select/dist/...}.
 */
public final class GalleryLibs {
  /** The installed packages. */
  public static final Path ROOT = Path.of("src/test/node/gallery/node_modules").toAbsolutePath().normalize();
  private static final Map<String, String> TYPES = Map.of(
      "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8", "mjs", "text/javascript; charset=utf-8",
      "css", "text/css; charset=utf-8", "json", "application/json", "png", "image/png", "gif", "image/gif",
      "svg", "image/svg+xml", "jsx", "text/jsx; charset=utf-8");

  private GalleryLibs() {}

  /** Whether the packages are installed (Maven's generate-test-resources phase runs npm ci). */
  public static boolean installed() {
    return Files.isDirectory(ROOT.resolve("todomvc"));
  }

  /** Answers a request whose path starts with {@code prefix} (e.g. "/lib/") with the file under {@link #ROOT}. */
  public static void serve(HttpExchange ex, String prefix) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath().substring(prefix.length());
      Path file = ROOT.resolve(path.endsWith("/") || path.isEmpty() ? path + "index.html" : path).normalize();
      if (!file.startsWith(ROOT) || !Files.isRegularFile(file)) {
        ex.sendResponseHeaders(404, -1);
        return;
      }
      byte[] body = Files.readAllBytes(file);
      String name = file.getFileName().toString();
      String ext = name.substring(name.lastIndexOf('.') + 1);
      ex.getResponseHeaders().add("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
      ex.getResponseHeaders().add("Cache-Control", "no-store");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
