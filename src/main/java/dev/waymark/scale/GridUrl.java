package dev.waymark.scale;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * The address of a Selenium Grid ({@code run --grid URL}), checked before anything runs. Real values travel to the
 * Grid in each step's perform, so a plain {@code http://} Grid that is not on this computer is refused unless the
 * person accepts that the values cross the network in clear ({@code --insecure-grid}).
 *
 * @param uri   the address as given, credentials included (a Grid may want them); pass it to the driver only
 * @param shown the address without user info, query or fragment: the only form printed or logged
 */
public record GridUrl(URI uri, String shown) {
  /** A Grid address that cannot be used; the message says why and what to do, and never quotes credentials. */
  public static final class Refused extends Exception {
    public Refused(String message) {
      super(message);
    }
  }

  /** Parses and checks {@code text}; {@code insecure} allows {@code http://} to a host that is not loopback. */
  public static GridUrl parse(String text, boolean insecure) throws Refused {
    if (text == null || text.isBlank()) throw new Refused("--grid needs the Grid's address, e.g. https://grid.example.com:4444");
    URI uri;
    try {
      uri = new URI(text.strip());
    } catch (URISyntaxException e) {
      throw new Refused("--grid: not a valid address (" + e.getReason() + "); give it as http(s)://HOST[:PORT][/PATH], "
          + "e.g. http://127.0.0.1:4444");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new Refused("--grid: the address must start with http:// or https:// (e.g. http://127.0.0.1:4444)");
    }
    String host = uri.getHost();
    if (host == null || host.isBlank() || uri.isOpaque()) {
      throw new Refused("--grid: the address names no host (or its port is not a number); give it as " + scheme
          + "://HOST[:PORT][/PATH], e.g. " + scheme + "://127.0.0.1:4444");
    }
    String shown = scheme + "://" + host + (uri.getPort() >= 0 ? ":" + uri.getPort() : "")
        + (uri.getRawPath() == null ? "" : uri.getRawPath());
    if (scheme.equals("http") && !isLoopback(host) && !insecure) {
      throw new Refused("--grid " + shown + ": a plain http:// Grid on another computer would carry the values of "
          + "every run across the network in clear. Use https://, a Grid on this computer (127.0.0.1), or pass "
          + "--insecure-grid if that network is yours to trust.");
    }
    return new GridUrl(uri, shown);
  }

  /** localhost or a loopback address literal; a host name is never resolved (a name may point elsewhere tomorrow). */
  static boolean isLoopback(String host) {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    if (h.equalsIgnoreCase("localhost")) return true;
    if (!h.matches("[0-9.]+") && !h.contains(":")) return false;
    try {
      // A literal is parsed, not looked up.
      return InetAddress.getByName(h).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    return shown;
  }
}
