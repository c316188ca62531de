package dev.waymark.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces the {@code selector} of chosen steps in a workflow file's text and leaves every other byte as it was
 * (comments, key order, quoting), so a heal reads as a change of exactly the lines it changes. The edited text is
 * read back and must be the same workflow with only those selectors replaced; anything else is refused.
 */
public final class SelectorEdits {
  // The key line of a step's selector: its indentation (and the "- " of a list item it may open), then the key.
  private static final Pattern KEY = Pattern.compile("^(\\s*(?:-\\s+)*)([\"']?)selector\\2\\s*:(.*)$", Pattern.DOTALL);

  private SelectorEdits() {}

  /** Why a file cannot be edited in place (a step written in flow style, a step without a selector key). */
  public static final class EditException extends Exception {
    public EditException(String message) {
      super(message);
    }
  }

  /**
   * The file with the selector of each step (by index in {@code steps}) replaced.
   *
   * @throws WorkflowLoadException the text is not a readable workflow
   * @throws EditException         a selector cannot be replaced without touching other lines
   */
  public static String replace(String yaml, Map<Integer, Selector> byStep) throws WorkflowLoadException, EditException {
    Workflow before = WorkflowYaml.read(yaml);
    Map<String, Integer> keyLines = WorkflowYaml.keyLines(yaml);
    List<String> lines = splitKeepingEnds(yaml);
    // Later lines first, so an edit never moves the line numbers of the ones still to come.
    TreeMap<Integer, Map.Entry<Integer, Selector>> byLine = new TreeMap<>(java.util.Comparator.reverseOrder());
    for (Map.Entry<Integer, Selector> e : byStep.entrySet()) {
      int index = e.getKey();
      if (index < 0 || index >= before.steps().size()) throw new EditException("the workflow has no step " + (index + 1));
      Integer line = keyLines.get("/steps/" + index + "/selector");
      if (line == null || line < 1) {
        throw new EditException("step " + stepName(before, index) + " has no selector in the file to replace");
      }
      byLine.put(line, e);
    }
    for (Map.Entry<Integer, Map.Entry<Integer, Selector>> e : byLine.entrySet()) {
      replaceAt(lines, e.getKey() - 1, e.getValue().getValue(), stepName(before, e.getValue().getKey()));
    }
    String after = String.join("", lines);
    List<Step> expected = new ArrayList<>(before.steps());
    byStep.forEach((i, s) -> expected.set(i, expected.get(i).toBuilder().selector(s).build()));
    Workflow want = new Workflow(before.id(), before.name(), before.description(), before.variables(), expected);
    Workflow got;
    try {
      got = WorkflowYaml.read(after);
    } catch (WorkflowLoadException e) {
      throw new EditException("the file with the new selectors no longer reads as a workflow: " + e.getMessage());
    }
    if (!got.equals(want)) throw new EditException("the file's layout did not allow replacing only the selectors");
    return after;
  }

  private static void replaceAt(List<String> lines, int at, Selector to, String step) throws EditException {
    String keyLine = lines.get(at);
    Matcher m = KEY.matcher(stripEnd(keyLine));
    if (!m.matches()) {
      throw new EditException("step " + step + " writes its selector in flow style ({...}); write it as a block to heal it");
    }
    String prefix = m.group(1);
    int column = prefix.length();
    int end = at + 1;
    // The value runs on while lines are indented deeper than the key (blank lines inside it included).
    int lastContent = at;
    while (end < lines.size()) {
      String l = stripEnd(lines.get(end));
      if (l.isBlank()) {
        end++;
        continue;
      }
      if (indent(l) <= column) break;
      lastContent = end;
      end++;
    }
    String eol = lineEnd(lines.get(lastContent));
    String eolInside = lineEnd(keyLine).isEmpty() ? "\n" : lineEnd(keyLine);
    String[] fragment = WorkflowYaml.writeFragment(Map.of("selector", to)).split("\n");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < fragment.length; i++) {
      b.append(i == 0 ? prefix : " ".repeat(column)).append(fragment[i]);
      b.append(i == fragment.length - 1 ? eol : eolInside);
    }
    for (int i = lastContent; i > at; i--) lines.remove(i);
    lines.set(at, b.toString());
  }

  private static String stepName(Workflow w, int index) {
    Step s = w.steps().get(index);
    return s.id() != null && !s.id().isBlank() ? s.id() : "step-" + (index + 1);
  }

  private static List<String> splitKeepingEnds(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        out.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) out.add(text.substring(start));
    return out;
  }

  private static String lineEnd(String line) {
    if (line.endsWith("\r\n")) return "\r\n";
    if (line.endsWith("\n")) return "\n";
    return "";
  }

  private static String stripEnd(String line) {
    return line.substring(0, line.length() - lineEnd(line).length());
  }

  private static int indent(String line) {
    int n = 0;
    while (n < line.length() && line.charAt(n) == ' ') n++;
    return n;
  }
}
