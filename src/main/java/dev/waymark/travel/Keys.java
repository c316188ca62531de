package dev.waymark.travel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A press step's key or chord ("Enter", "Control+Shift+a", "esc") with the names the extension's keys.js accepts,
 * written the way Playwright and Puppeteer name keys, and read back from a flow's keyDown/keyUp events.
 */
record Keys(List<String> modifiers, String key) {
  static final List<String> MODIFIERS = List.of("Control", "Shift", "Alt", "Meta");
  private static final Map<String, String> ALIASES = Map.ofEntries(Map.entry("esc", "Escape"), Map.entry("escape", "Escape"),
      Map.entry("return", "Enter"), Map.entry("enter", "Enter"), Map.entry("space", " "), Map.entry("spacebar", " "),
      Map.entry("del", "Delete"), Map.entry("delete", "Delete"), Map.entry("up", "ArrowUp"), Map.entry("down", "ArrowDown"),
      Map.entry("left", "ArrowLeft"), Map.entry("right", "ArrowRight"), Map.entry("ctrl", "Control"),
      Map.entry("control", "Control"), Map.entry("cmd", "Meta"), Map.entry("command", "Meta"), Map.entry("meta", "Meta"),
      Map.entry("super", "Meta"), Map.entry("option", "Alt"), Map.entry("alt", "Alt"), Map.entry("shift", "Shift"),
      Map.entry("pgup", "PageUp"), Map.entry("pgdn", "PageDown"), Map.entry("tab", "Tab"), Map.entry("backspace", "Backspace"),
      Map.entry("home", "Home"), Map.entry("end", "End"), Map.entry("pageup", "PageUp"), Map.entry("pagedown", "PageDown"),
      Map.entry("insert", "Insert"), Map.entry("arrowup", "ArrowUp"), Map.entry("arrowdown", "ArrowDown"),
      Map.entry("arrowleft", "ArrowLeft"), Map.entry("arrowright", "ArrowRight"));

  /** The chord a press step's value names, or null when it names none (empty, an unknown modifier). */
  static Keys parse(String chord) {
    if (chord == null || chord.isEmpty()) return null;
    List<String> parts;
    if (chord.equals("+")) parts = List.of("+");
    else if (chord.endsWith("++")) {
      parts = new ArrayList<>(List.of(chord.substring(0, chord.length() - 2).split("\\+")));
      parts.add("+");
    } else parts = List.of(chord.split("\\+", -1));
    List<String> mods = new ArrayList<>();
    for (String p : parts.subList(0, parts.size() - 1)) {
      String m = canonical(p);
      if (!MODIFIERS.contains(m)) return null;
      mods.add(m);
    }
    String key = canonical(parts.get(parts.size() - 1));
    if (key.isEmpty()) return null;
    return new Keys(List.copyOf(mods), key);
  }

  /** A key name as Playwright, Puppeteer and keys.js all accept it. */
  static String canonical(String name) {
    String alias = ALIASES.get(name.toLowerCase(Locale.ROOT));
    if (alias != null) return alias;
    if (name.matches("(?i)f([1-9]|1[0-2])")) return name.toUpperCase(Locale.ROOT);
    return name;
  }

  /** Playwright's form: "Control+Shift+A", with the space bar as "Space". */
  String playwright() {
    List<String> all = new ArrayList<>(modifiers);
    all.add(key.equals(" ") ? "Space" : key);
    return String.join("+", all);
  }

  /** Waymark's form, as a press step's value. */
  String waymark() {
    List<String> all = new ArrayList<>(modifiers);
    all.add(key.equals(" ") ? "Space" : key);
    return String.join("+", all);
  }

  /** The keys pressed in order, for keyDown events (released in reverse). */
  List<String> sequence() {
    List<String> all = new ArrayList<>(modifiers);
    all.add(key);
    return all;
  }
}
