package dev.waymark.scale;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Tokens;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code run} does at scale: every workflow once, or every workflow once per row of the rows file, in that order
 * (workflow by workflow, row by row). Built only when the rows suit the workflows: each column names a variable of
 * every workflow, and none names a secret — a variable the values file holds, or one typed into a password field.
 * Secrets stay in the values file and every run shares them.
 */
public final class RunPlan {
  /** A workflow file as read: its path (as given), its text and the workflow in it. */
  public record Source(java.nio.file.Path file, String text, Workflow workflow) {
    /** The file's name, as lines and reports show it. */
    public String fileName() {
      return file.getFileName().toString();
    }
  }

  /**
   * One run of the plan.
   *
   * @param number 1, 2, … in plan order
   * @param row    the row it runs with, null when there are no rows
   */
  public record Planned(int number, Source source, CsvRows.Row row) {
    /** The row's values (not secrets: they are printed), empty without a row. */
    public Map<String, String> rowValues() {
      return row == null ? Map.of() : row.values();
    }

    /** "ledger.yaml row 3", for a person. */
    public String describe() {
      return source.fileName() + (row == null ? "" : " row " + row.number());
    }
  }

  /** Rows that do not suit the workflows: each problem names the line, the column and the workflow. */
  public static final class PlanException extends Exception {
    private final List<String> problems;

    public PlanException(List<String> problems) {
      super(String.join("; ", problems));
      this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
      return problems;
    }
  }

  private final List<Planned> runs;

  private RunPlan(List<Planned> runs) {
    this.runs = List.copyOf(runs);
  }

  public List<Planned> runs() {
    return runs;
  }

  public int size() {
    return runs.size();
  }

  /**
   * The plan of {@code sources} × {@code rows} (null: each source once).
   *
   * @param secretNames the variables the values file holds: no column may name one
   * @param rowsName    the rows file as messages name it
   */
  public static RunPlan of(List<Source> sources, CsvRows rows, java.util.Set<String> secretNames, String rowsName)
      throws PlanException {
    List<String> problems = new ArrayList<>();
    if (rows != null) {
      for (String column : rows.columns()) {
        if (secretNames.contains(column)) {
          problems.add(rowsName + ":1: column " + column + " also has a value in the values file, which is where "
              + "secrets live: remove the column (every run uses the values file's " + column + "), or remove "
              + column + " from the values file if it is not a secret");
          continue;
        }
        for (Source s : sources) {
          Workflow wf = s.workflow();
          if (!wf.variables().containsKey(column)) {
            problems.add(rowsName + ":1: column " + column + " is not a variable of " + s.fileName()
                + (wf.variables().isEmpty() ? " (it declares none)" : " (it declares " + String.join(", ", wf.variables().keySet()) + ")")
                + "; rename or remove the column");
            continue;
          }
          String field = passwordStep(wf, column);
          if (field != null) {
            problems.add(rowsName + ":1: column " + column + " is typed into a password field by step " + field + " of "
                + s.fileName() + ": a password is a secret, so it goes in the values file (owner-only), not the rows file");
          }
        }
      }
    }
    if (!problems.isEmpty()) throw new PlanException(problems);
    List<Planned> runs = new ArrayList<>();
    for (Source s : sources) {
      if (rows == null) {
        runs.add(new Planned(runs.size() + 1, s, null));
      } else {
        for (CsvRows.Row r : rows.rows()) runs.add(new Planned(runs.size() + 1, s, r));
      }
    }
    return new RunPlan(runs);
  }

  /** The id of a step that types {@code variable} into a password field, or null. */
  static String passwordStep(Workflow wf, String variable) {
    List<Step> steps = wf.steps();
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      if (!StepTypes.VALUE_TYPED.contains(s.type()) || !Tokens.names(s.value()).contains(variable)) continue;
      boolean byTarget = s.target() != null && "password".equalsIgnoreCase(s.target().type());
      String css = s.selector() == null || s.selector().css() == null ? "" : s.selector().css().toLowerCase(Locale.ROOT);
      boolean bySelector = css.replace(" ", "").replace("'", "\"").matches(".*\\[type=\"?password\"?].*");
      if (byTarget || bySelector) return s.id() != null && !s.id().isBlank() ? s.id() : "step-" + (i + 1);
    }
    return null;
  }

  /** The values of one run: the row's cells and the values file's entries the workflow declares (its secrets). */
  public static Map<String, String> valuesOf(Planned run, Map<String, String> secrets) {
    Map<String, String> v = new LinkedHashMap<>();
    Map<String, String> declared = run.source().workflow().variables();
    secrets.forEach((k, val) -> {
      if (declared.containsKey(k)) v.put(k, val);
    });
    v.putAll(run.rowValues());
    return v;
  }
}
