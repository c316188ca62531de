package dev.waymark.risk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the rule gate over the labelled corpus in src/test/resources/risk/corpus.yaml: every category that the
 * default policy holds for the person (all of them) must be found every time it is expected, and every step that
 * must ask asks. Precision is printed (per category, over all categories, and per step), with each needless
 * question: a needless question costs a click, a missed one can cost money or an account.
 */
class RiskCorpusTest {
  private static final Logger log = LoggerFactory.getLogger(RiskCorpusTest.class);

  record Case(String page, Step step, ObservedNode node, PageObservation observation, Set<String> origins,
      Set<RiskCategory> expected, boolean ask, String source) {}

  static List<Case> load() throws Exception {
    YAMLMapper yaml = YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    JsonNode root;
    try (InputStream in = RiskCorpusTest.class.getResourceAsStream("/risk/corpus.yaml")) {
      root = yaml.readTree(in);
    }
    List<Case> out = new ArrayList<>();
    for (JsonNode p : root.path("pages")) {
      List<ObservedNode> nodes = new ArrayList<>();
      for (JsonNode n : p.path("nodes")) {
        ObjectNode o = (ObjectNode) n.deepCopy();
        if (!o.has("selector")) o.put("selector", "#" + o.path("ref").asText());
        nodes.add(Json.mapper().treeToValue(o, ObservedNode.class));
      }
      PageObservation obs = new PageObservation(p.path("url").asText(), p.path("title").asText(), nodes, List.of(), null,
          false, p.path("modal").isMissingNode() ? null : p.path("modal").asText(), false, 0, 0, List.of());
      Set<String> origins = new LinkedHashSet<>();
      p.path("origins").forEach(o -> origins.add(o.asText()));
      for (JsonNode c : p.path("cases")) {
        ObjectNode s = (ObjectNode) c.path("step").deepCopy();
        String ref = s.has("ref") ? s.remove("ref").asText() : null;
        ObservedNode node = obs.node(ref);
        if (ref != null && node == null) throw new IllegalStateException(p.path("id").asText() + ": no node " + ref);
        Step step = Json.mapper().treeToValue(s, Step.class);
        if (node != null) step = step.toBuilder().selector(Selector.css(node.selector())).build();
        EnumSet<RiskCategory> expected = EnumSet.noneOf(RiskCategory.class);
        c.path("expect").forEach(e -> expected.add(RiskCategory.valueOf(e.asText())));
        String id = p.path("id").asText();
        if (!c.path("ask").isBoolean()) throw new IllegalStateException(id + ": a case says whether it must ask (ask: true|false)");
        String source = c.path("source").asText(p.path("source").asText(""));
        if (source.isBlank()) throw new IllegalStateException(id + ": a page names the site or pattern it was written from (source)");
        out.add(new Case(id, step, node, obs, origins, expected, c.path("ask").asBoolean(), source));
      }
    }
    return out;
  }

  @Test
  void everyCaseSaysWhetherItMustAskAsItsCategoriesDo() throws Exception {
    ApprovalPolicy policy = ApprovalPolicy.defaults();
    for (Case k : load()) {
      boolean held = policy.decide(new RiskAssessment(k.expected(), List.of())) != Policy.AUTO;
      assertThat(k.ask()).as("%s %s: ask is %s but expect is %s", k.page(), describe(k), k.ask(), k.expected()).isEqualTo(held);
    }
  }

  @Test
  void everyHeldCategoryIsFoundEveryTimeItIsExpected() throws Exception {
    List<Case> cases = load();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(300);
    RuleRiskGate gate = new RuleRiskGate();
    ApprovalPolicy policy = ApprovalPolicy.defaults();
    Map<RiskCategory, int[]> counts = new EnumMap<>(RiskCategory.class); // tp, fp, fn, labelled
    for (RiskCategory c : RiskCategory.values()) counts.put(c, new int[4]);
    int[] steps = new int[4]; // asked and must, asked needlessly, must but not asked, neither
    List<String> misses = new ArrayList<>();
    List<String> extras = new ArrayList<>();
    List<String> needless = new ArrayList<>();
    for (Case k : cases) {
      RiskAssessment a = gate.assess(k.step(), k.node(), k.observation(), k.origins());
      for (RiskCategory c : RiskCategory.values()) {
        boolean want = k.expected().contains(c);
        boolean got = a.categories().contains(c);
        if (want) counts.get(c)[3]++;
        if (want && got) counts.get(c)[0]++;
        if (!want && got) {
          counts.get(c)[1]++;
          extras.add(k.page() + " " + describe(k) + " also " + c + " " + a.reasons());
        }
        if (want && !got) {
          counts.get(c)[2]++;
          misses.add(k.page() + " " + describe(k) + " missed " + c + " (got " + a.categories() + " " + a.reasons() + ")");
        }
      }
      boolean asked = policy.decide(a) != Policy.AUTO;
      if (asked && k.ask()) steps[0]++;
      else if (asked) {
        steps[1]++;
        needless.add(k.page() + " " + describe(k) + " " + a.reasons() + " [" + k.source() + "]");
      } else if (k.ask()) steps[2]++;
      else steps[3]++;
    }
    StringBuilder table = new StringBuilder("\nrisk gate on " + cases.size() + " labelled steps ("
        + (steps[0] + steps[2]) + " must ask, " + (steps[1] + steps[3]) + " must not)\n");
    table.append(String.format("%-22s %6s %5s %5s %5s %8s %9s %s%n", "category", "steps", "tp", "fp", "fn", "recall", "precision", "policy"));
    int tp = 0, fp = 0, fn = 0;
    for (RiskCategory c : RiskCategory.values()) {
      int[] n = counts.get(c);
      tp += n[0];
      fp += n[1];
      fn += n[2];
      table.append(String.format("%-22s %6d %5d %5d %5d %7.1f%% %8.1f%% %s%n", c, n[3], n[0], n[1], n[2],
          pct(n[0], n[0] + n[2]), pct(n[0], n[0] + n[1]), policy.policy(c)));
    }
    table.append(String.format("%-22s %6s %5d %5d %5d %7.1f%% %8.1f%%%n", "all categories", "", tp, fp, fn, pct(tp, tp + fn),
        pct(tp, tp + fp)));
    table.append(String.format("%-22s %6d %5d %5d %5d %7.1f%% %8.1f%%  (a step asks when any held category is found)%n",
        "steps that ask", steps[0] + steps[2], steps[0], steps[1], steps[2], pct(steps[0], steps[0] + steps[2]),
        pct(steps[0], steps[0] + steps[1])));
    boolean met = true;
    for (RiskCategory c : RiskCategory.values()) {
      if (policy.policy(c) != Policy.AUTO && counts.get(c)[2] > 0) met = false;
    }
    met &= steps[2] == 0;
    table.append(String.format("TARGET recall 100%% for every ask category (%d missed) and every must-ask step (%d missed): %s%n",
        fn, steps[2], met ? "MET" : "MISSED"));
    table.append(String.format("precision: %.1f%% of the steps that ask must ask (%d needless of %d), %.1f%% of the categories found%n",
        pct(steps[0], steps[0] + steps[1]), steps[1], steps[0] + steps[1], pct(tp, tp + fp)));
    log.info("{}", table);
    needless.forEach(e -> log.info("needless question: {}", e));
    extras.forEach(e -> log.info("extra category: {}", e));
    misses.forEach(m -> log.warn("MISSED: {}", m));

    for (RiskCategory c : RiskCategory.values()) {
      if (policy.policy(c) != Policy.AUTO) {
        assertThat(counts.get(c)[2]).as("missed %s: %s", c, misses).isZero();
        assertThat(counts.get(c)[0]).as("the corpus must exercise %s", c).isPositive();
      }
    }
    assertThat(steps[2]).as("must-ask steps that did not ask: %s", misses).isZero();
  }

  private static double pct(int part, int whole) {
    return whole == 0 ? 100.0 : 100.0 * part / whole;
  }

  private static String describe(Case k) {
    Step s = k.step();
    return s.type() + (k.node() != null ? " " + k.node().ref() + " \"" + k.node().name() + "\"" : "")
        + (s.value() != null ? " value=" + s.value() : "") + (s.url() != null ? " url=" + s.url() : "");
  }
}
