package dev.waymark.agent;

import dev.waymark.apply.SecretMask;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCheck;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.secrets.ApprovedValues;
import dev.waymark.secrets.SecretStore;
import dev.waymark.secrets.VariableApprovals;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * {@code workflow_run}: replays an exported workflow for an agent, with the person's values (never the agent's), and
 * answers with the replay report. A replay asks nobody, so it runs only a workflow whose every step the approval policy
 * lets through on its own; a workflow with a step that would wait for the person is refused, naming the steps, and the
 * person runs it themselves with {@code waymark run}.
 */
public final class WorkflowRuns {
  /** Replays a workflow in the host's browser. */
  public interface Player {
    ReplayResult play(Workflow workflow, Map<String, String> values, Consumer<String> lines) throws Exception;
  }

  private final Player player;
  private final Supplier<Map<String, String>> values;
  private final Supplier<ApprovalPolicy> policy;
  private final SecretStore vault;
  private final VariableApprovals approvals;

  public WorkflowRuns(Player player, Supplier<Map<String, String>> values, Supplier<ApprovalPolicy> policy) {
    this.player = player;
    this.values = values;
    this.policy = policy;
    this.vault = null;
    this.approvals = null;
  }

  private WorkflowRuns(WorkflowRuns base, SecretStore vault, VariableApprovals approvals) {
    this.player = base.player;
    this.values = base.values;
    this.policy = base.policy;
    this.vault = vault;
    this.approvals = approvals;
  }

  /**
   * These runs also take values from the person's keyring or KeePass file, for the variables the person approved for
   * the workflow being run; an agent can never approve one.
   */
  public WorkflowRuns withVault(SecretStore store, VariableApprovals approved) {
    return new WorkflowRuns(this, store, approved);
  }

  public TaskReply run(Path path, Consumer<String> progress) throws InterruptedException {
    if (path == null) throw new TaskException("path is missing: the workflow YAML file to replay");
    Workflow wf;
    String text;
    try {
      text = Files.readString(path);
      wf = WorkflowYaml.read(text);
    } catch (IOException e) {
      throw new TaskException("Cannot read " + path + ": " + e.getMessage());
    } catch (WorkflowLoadException e) {
      throw new TaskException(path + " is not a workflow Waymark can replay: " + e.problems().stream()
          .map(WorkflowProblem::toString).collect(Collectors.joining("; ")));
    }
    Map<String, String> given = values.get();
    List<WorkflowRunner.MissingValue> missing = WorkflowRunner.missingValues(wf, given);
    Set<String> fromVault = Set.of();
    if (!missing.isEmpty() && vault != null) {
      Map<String, String> before = given;
      given = fromVault(path, text, missing, given);
      fromVault = new java.util.HashSet<>(given.keySet());
      fromVault.removeAll(before.keySet());
      missing = WorkflowRunner.missingValues(wf, given);
    }
    if (!missing.isEmpty()) {
      throw new TaskException("The workflow needs values the person has not given: " + missing.stream()
          .map(m -> "{{ " + m.name() + " }}").collect(Collectors.joining(", "))
          + ". The person puts them in the values file (mcp --values-file), their keyring or KeePass file (mcp --values-from) "
          + "or the studio; an agent never sends values");
    }
    List<String> held = new ArrayList<>();
    Set<String> origins = sites(wf);
    RuleRiskGate gate = new RuleRiskGate();
    for (Step s : wf.steps()) {
      RiskCheck c = policy.get().check(gate, s, null, null, origins);
      if (c.policy() != Policy.AUTO && !approvedCredentialFill(s, c, fromVault)) {
        held.add(s.id() + " \"" + (s.label() == null ? s.type() : s.label()) + "\" ("
            + (c.policy() == Policy.BLOCK ? "blocked: " : "asks the person: ")
            + c.assessment().categories().stream().map(r -> r.description()).sorted().collect(Collectors.joining(", ")) + ")");
      }
    }
    if (!held.isEmpty()) {
      throw new TaskException("A replay asks nobody, so workflow_run runs only workflows whose every step the approval "
          + "policy lets through; these would wait for the person: " + String.join("; ", held) + ". The person can run it "
          + "with: waymark run " + path + " --values-file FILE");
    }
    ReplayResult result;
    try {
      result = player.play(wf, given, progress);
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      throw new TaskException("The replay could not run: " + e.getMessage(), e);
    }
    SecretMask mask = new SecretMask(given);
    StringBuilder b = new StringBuilder();
    b.append(result.ok() ? "The replay passed: " : "The replay stopped: ").append(result.outcome().name().toLowerCase())
        .append(result.error() == null ? "" : " — " + mask.mask(result.error())).append('\n');
    List<Map<String, Object>> steps = new ArrayList<>();
    for (ReplayStepResult r : result.steps()) {
      Map<String, Object> m = dev.waymark.workflow.Json.read(mask.mask(dev.waymark.workflow.Json.write(r)), Map.class);
      steps.add(m);
      String status = r.uncertain() ? "uncertain" : r.skipped() ? "skipped" : r.ok() ? "ok" : "failed";
      b.append("  ").append(r.stepId()).append(' ').append(r.type()).append(' ').append(status)
          .append(m.get("error") == null ? "" : " — " + m.get("error")).append('\n');
    }
    Map<String, String> stored = new LinkedHashMap<>();
    result.stored().forEach((k, v) -> stored.put(k, mask.mask(v)));
    if (!stored.isEmpty()) b.append("stored: ").append(stored).append('\n');
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ok", result.ok());
    m.put("outcome", result.outcome().name().toLowerCase());
    if (result.error() != null) m.put("error", mask.mask(result.error()));
    if (result.failedStep() != null) m.put("failed_step", result.failedStep());
    m.put("steps", steps);
    m.put("stored", stored);
    return new TaskReply(!result.ok(), b.toString().strip(), m);
  }

  private Map<String, String> fromVault(Path path, String text, List<WorkflowRunner.MissingValue> missing,
      Map<String, String> given) {
    List<String> names = missing.stream().map(WorkflowRunner.MissingValue::name).toList();
    ApprovedValues found;
    try {
      found = ApprovedValues.resolve(names, approvals.approved(VariableApprovals.key(text)), vault);
    } catch (IOException e) {
      throw new TaskException("The person's values could not be read: " + e.getMessage());
    }
    if (!found.unapproved().isEmpty()) {
      throw new TaskException("The person has not let this workflow take " + ApprovedValues.tokens(found.unapproved())
          + " from " + vault.describe() + ", and an agent cannot approve that. The person approves it once with: waymark "
          + "approvals add " + path + " " + String.join(" ", found.unapproved()) + " (or by running it in the studio's "
          + "Replay window); an edited workflow is asked about again");
    }
    if (!found.absent().isEmpty()) {
      throw new TaskException(vault.describe() + " holds no value for " + ApprovedValues.tokens(found.absent())
          + ". The person stores it there (in the keyring: service waymark, account the variable's name; in KeePass: "
          + "an entry titled by the variable)");
    }
    Map<String, String> all = new LinkedHashMap<>(given);
    all.putAll(found.values());
    return all;
  }

  /**
   * A credential fill that types only values the person approved for this very workflow (its text's digest) was
   * consented to by that approval: it is what the person allowed, on the sites the workflow names (decision 0059).
   */
  private static boolean approvedCredentialFill(Step s, RiskCheck c, Set<String> approvedFromVault) {
    if (c.policy() != Policy.ASK || approvedFromVault.isEmpty()) return false;
    if (!c.assessment().categories().equals(Set.of(dev.waymark.risk.RiskCategory.CREDENTIAL_FILL))) return false;
    Set<String> tokens = dev.waymark.workflow.Tokens.names(s);
    return !tokens.isEmpty() && approvedFromVault.containsAll(tokens);
  }

  /** The sites a workflow works on: the origins of its navigations, which a replay may go to without asking. */
  static Set<String> sites(Workflow wf) {
    Set<String> out = new LinkedHashSet<>();
    for (Step s : wf.steps()) {
      if (!"navigate".equals(s.type()) || s.url() == null) continue;
      try {
        java.net.URI u = java.net.URI.create(s.url().strip());
        if (u.getScheme() != null && u.getHost() != null) {
          out.add(u.getScheme().toLowerCase() + "://" + u.getHost().toLowerCase() + (u.getPort() > 0 ? ":" + u.getPort() : ""));
        }
      } catch (IllegalArgumentException e) {
        // a templated address: not a site
      }
    }
    return out;
  }
}
