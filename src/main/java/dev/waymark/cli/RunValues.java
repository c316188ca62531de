package dev.waymark.cli;

import dev.waymark.replay.WorkflowRunner;
import dev.waymark.secrets.SecretStore;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real values of one replay: those of the variables the workflow declares, taken from the store
 * {@code --values-file} or {@code --values-from} names, and whether the steps the run may perform find a value for
 * every token they use. Apart from {@link RunCommand} because where values come from and what a start point leaves
 * out are questions of their own, answered before any browser is started.
 *
 * @param declared the values of declared variables, by name
 * @param storeName how the store describes itself to the person, or null when no store was named
 */
record RunValues(Map<String, String> declared, String storeName) {

  /** The values of the workflow's declared variables from the store the options name (none without one). */
  static RunValues load(Workflow workflow, Path valuesFile, String valuesFrom) throws IOException {
    SecretStore store = ValueSources.open(valuesFile, valuesFrom, true);
    // A store may hold many values: only those of the variables this workflow declares are asked for.
    Map<String, String> values = store == null ? Map.of() : store.lookupAll(workflow.variables().keySet());
    // Only declared variables are passed on: a values file may hold more than this workflow uses.
    Map<String, String> declared = new LinkedHashMap<>();
    values.forEach((k, v) -> {
      if (workflow.variables().containsKey(k)) declared.put(k, v);
    });
    return new RunValues(declared, store == null ? null : store.describe());
  }

  /**
   * What to tell the person when a step this run may perform uses a token with no value (where to put it), or null
   * when every one has a value.
   */
  String missing(Workflow workflow, String startAt) {
    List<WorkflowRunner.MissingValue> missing = WorkflowRunner.missingValues(mayRun(workflow, startAt), declared);
    if (missing.isEmpty()) return null;
    String names = String.join(", ", missing.stream().map(WorkflowRunner.MissingValue::name).toList());
    return "no value for " + missing.stream().map(Object::toString).reduce((a, b) -> a + ", " + b).orElse("")
        + (storeName == null ? ". Put name=value lines for " + names + " in an owner-only file and pass it with "
            + "--values-file, or keep them in your keyring (--values-from keyring) or a KeePass file (--values-from "
            + "keepass:FILE)." : ". Keep " + names + " in " + storeName + " (a keyring entry of service waymark whose "
            + "account is the variable, a KeePass entry titled by it, a name=value line), or pass another store with "
            + "--values-from.");
  }

  /**
   * The steps this run may perform: with a named start point, that point onwards and the {@code always} steps
   * before it, so a re-entry past the sign-in needs no password; otherwise (the beginning, or auto, which is only
   * decided in the browser) all of them.
   */
  static Workflow mayRun(Workflow workflow, String startAt) {
    String point = startAt == null ? null : startAt.strip();
    if (point == null || point.isEmpty() || WorkflowRunner.AUTO.equalsIgnoreCase(point)) return workflow;
    List<Step> steps = workflow.steps();
    int from = 0;
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).resume() != null && point.equals(steps.get(i).resume().id())) from = i;
    }
    List<Step> kept = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) if (i >= from || steps.get(i).always()) kept.add(steps.get(i));
    return new Workflow(workflow.id(), workflow.name(), workflow.description(), workflow.variables(), kept);
  }
}
