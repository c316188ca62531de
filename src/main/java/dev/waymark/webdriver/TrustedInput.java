package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection.BidiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openqa.selenium.Keys;

/**
 * Input from the browser's own pipeline ({@code input.performActions}: the events are trusted, as the extension's
 * debugger input is): a click at the point the page script hit-tested, typing into the field it focused, a chord.
 * Selenium's {@link Keys} names the keys; the chord syntax is the extension's ({@code page/executor/keys.js}).
 * Replay sends it to its session's tab; a Firefox Waymark launched sends it for its add-on (which has no debugger)
 * to the tab the add-on names, over the same BiDi connection that installed it.
 */
public final class TrustedInput {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> ALIASES = Map.ofEntries(
      Map.entry("ctrl", "Control"), Map.entry("control", "Control"), Map.entry("cmd", "Meta"),
      Map.entry("command", "Meta"), Map.entry("meta", "Meta"), Map.entry("win", "Meta"), Map.entry("option", "Alt"),
      Map.entry("alt", "Alt"), Map.entry("shift", "Shift"), Map.entry("esc", "Escape"), Map.entry("return", "Enter"),
      Map.entry("del", "Delete"), Map.entry("up", "ArrowUp"), Map.entry("down", "ArrowDown"),
      Map.entry("left", "ArrowLeft"), Map.entry("right", "ArrowRight"), Map.entry("space", " "),
      Map.entry("spacebar", " "));
  private static final Map<String, Keys> NAMED = Map.ofEntries(
      Map.entry("Enter", Keys.ENTER), Map.entry("Tab", Keys.TAB), Map.entry("Escape", Keys.ESCAPE),
      Map.entry("Backspace", Keys.BACK_SPACE), Map.entry("Delete", Keys.DELETE), Map.entry("Insert", Keys.INSERT),
      Map.entry("ArrowUp", Keys.ARROW_UP), Map.entry("ArrowDown", Keys.ARROW_DOWN), Map.entry("ArrowLeft", Keys.ARROW_LEFT),
      Map.entry("ArrowRight", Keys.ARROW_RIGHT), Map.entry("Home", Keys.HOME), Map.entry("End", Keys.END),
      Map.entry("PageUp", Keys.PAGE_UP), Map.entry("PageDown", Keys.PAGE_DOWN), Map.entry("Control", Keys.CONTROL),
      Map.entry("Shift", Keys.SHIFT), Map.entry("Alt", Keys.ALT), Map.entry("Meta", Keys.META),
      Map.entry("F1", Keys.F1), Map.entry("F2", Keys.F2), Map.entry("F3", Keys.F3), Map.entry("F4", Keys.F4),
      Map.entry("F5", Keys.F5), Map.entry("F6", Keys.F6), Map.entry("F7", Keys.F7), Map.entry("F8", Keys.F8),
      Map.entry("F9", Keys.F9), Map.entry("F10", Keys.F10), Map.entry("F11", Keys.F11), Map.entry("F12", Keys.F12));

  private TrustedInput() {}

  /** A left click at (x, y) in the tab's viewport. */
  static void click(WebDriverSession s, double x, double y) throws BidiException, InterruptedException {
    click(s.bidi(), s.context(), x, y);
  }

  /** A left click at (x, y) in the viewport of the top-level browsing context {@code context}. */
  public static void click(BidiConnection bidi, String context, double x, double y) throws BidiException, InterruptedException {
    ObjectNode p = JSON.createObjectNode().put("context", context);
    ObjectNode pointer = p.putArray("actions").addObject().put("type", "pointer").put("id", "waymark-mouse");
    pointer.putObject("parameters").put("pointerType", "mouse");
    ArrayNode a = pointer.putArray("actions");
    a.addObject().put("type", "pointerMove").put("x", (int) Math.round(x)).put("y", (int) Math.round(y)).put("origin", "viewport");
    a.addObject().put("type", "pointerDown").put("button", 0);
    a.addObject().put("type", "pointerUp").put("button", 0);
    bidi.call("input.performActions", p, 10_000);
  }

  /** Types text into the focused element, a key for each character. */
  static void type(WebDriverSession s, String text) throws BidiException, InterruptedException {
    type(s.bidi(), s.context(), text);
  }

  /** The same in {@code context}. */
  public static void type(BidiConnection bidi, String context, String text) throws BidiException, InterruptedException {
    List<String> keys = new ArrayList<>();
    text.codePoints().forEach(cp -> keys.add(cp == '\n' ? Keys.ENTER.toString() : new String(Character.toChars(cp))));
    send(bidi, context, List.of(), keys);
  }

  /** Presses a chord such as {@code Enter} or {@code Control+a}; an unknown key throws with what to write. */
  static void press(WebDriverSession s, String chord) throws BidiException, InterruptedException {
    press(s.bidi(), s.context(), chord);
  }

  /** The same in {@code context}. */
  public static void press(BidiConnection bidi, String context, String chord) throws BidiException, InterruptedException {
    Chord c = parse(chord);
    send(bidi, context, c.modifiers, List.of(c.key));
  }

  record Chord(List<String> modifiers, String key) {}

  /** The chord's modifier keys and key as WebDriver key values. */
  static Chord parse(String chord) {
    String s = chord == null ? "" : chord;
    if (s.isEmpty()) throw new IllegalArgumentException("press needs a key in value (e.g. \"Enter\" or \"Control+a\")");
    List<String> parts = new ArrayList<>();
    if (s.equals("+")) parts.add("+");
    else if (s.endsWith("++")) {
      parts.addAll(List.of(s.substring(0, s.length() - 2).split("\\+")));
      parts.add("+");
    } else parts.addAll(List.of(s.split("\\+")));
    List<String> mods = new ArrayList<>();
    for (String m : parts.subList(0, parts.size() - 1)) {
      String name = ALIASES.getOrDefault(m.toLowerCase(Locale.ROOT), m);
      if (!List.of("Control", "Shift", "Alt", "Meta").contains(name)) {
        throw new IllegalArgumentException("unknown modifier '" + m + "' in '" + s + "' (use Control, Shift, Alt or Meta)");
      }
      mods.add(NAMED.get(name).toString());
    }
    String last = parts.get(parts.size() - 1);
    String name = last.length() == 1 ? last : ALIASES.getOrDefault(last.toLowerCase(Locale.ROOT), last);
    String key;
    if (name.codePointCount(0, name.length()) == 1) key = name;
    else if (NAMED.containsKey(name)) key = NAMED.get(name).toString();
    else throw new IllegalArgumentException("unknown key '" + last + "' in '" + s + "'");
    return new Chord(mods, key);
  }

  private static void send(BidiConnection bidi, String context, List<String> modifiers, List<String> keys)
      throws BidiException, InterruptedException {
    ObjectNode p = JSON.createObjectNode().put("context", context);
    ObjectNode source = p.putArray("actions").addObject().put("type", "key").put("id", "waymark-keyboard");
    ArrayNode a = source.putArray("actions");
    for (String m : modifiers) a.addObject().put("type", "keyDown").put("value", m);
    for (String k : keys) {
      a.addObject().put("type", "keyDown").put("value", k);
      a.addObject().put("type", "keyUp").put("value", k);
    }
    for (int i = modifiers.size() - 1; i >= 0; i--) a.addObject().put("type", "keyUp").put("value", modifiers.get(i));
    bidi.call("input.performActions", p, 10_000 + 50L * keys.size());
  }

  static ObjectMapper json() {
    return JSON;
  }
}
