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
 * default policy holds for the person (all of them) must be found every time it is expected. Precision is
 * printed: a needless question costs a click, a missed one can cost money or an account.
 */
class RiskCorpusTest {
  private static final Logger log = LoggerFactory.getLogger(RiskCorpusTest.class);

  record Case(String page, Step step, ObservedNode node, PageObservation observation, Set<String> origins,
      Set<RiskCategory> expected) {}

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
        out.add(new Case(p.path("id").asText(), step, node, obs, origins, expected));
      }
    }
    return out;
  }

  @Test
  void everyHeldCategoryIsFoundEveryTimeItIsExpected() throws Exception {
    List<Case> cases = load();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(100);
    RuleRiskGate gate = new RuleRiskGate();
    ApprovalPolicy policy = ApprovalPolicy.defaults();
    Map<RiskCategory, int[]> counts = new EnumMap<>(RiskCategory.class); // tp, fp, fn
    for (RiskCategory c : RiskCategory.values()) counts.put(c, new int[3]);
    List<String> misses = new ArrayList<>();
    List<String> extras = new ArrayList<>();
    for (Case k : cases) {
      RiskAssessment a = gate.assess(k.step(), k.node(), k.observation(), k.origins());
      for (RiskCategory c : RiskCategory.values()) {
        boolean want = k.expected().contains(c);
        boolean got = a.categories().contains(c);
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
    }
    StringBuilder table = new StringBuilder("\nrisk gate on " + cases.size() + " labelled steps\n");
    table.append(String.format("%-22s %5s %5s %5s %8s %9s %s%n", "category", "tp", "fp", "fn", "recall", "precision", "policy"));
    for (RiskCategory c : RiskCategory.values()) {
      int[] n = counts.get(c);
      table.append(String.format("%-22s %5d %5d %5d %7.1f%% %8.1f%% %s%n", c, n[0], n[1], n[2],
          n[0] + n[2] == 0 ? 100.0 : 100.0 * n[0] / (n[0] + n[2]), n[0] + n[1] == 0 ? 100.0 : 100.0 * n[0] / (n[0] + n[1]),
          policy.policy(c)));
    }
    log.info("{}", table);
    extras.forEach(e -> log.info("needless question: {}", e));
    misses.forEach(m -> log.warn("MISSED: {}", m));

    for (RiskCategory c : RiskCategory.values()) {
      if (policy.policy(c) != Policy.AUTO) {
        assertThat(counts.get(c)[2]).as("missed %s: %s", c, misses).isZero();
        assertThat(counts.get(c)[0]).as("the corpus must exercise %s", c).isPositive();
      }
    }
  }

  private static String describe(Case k) {
    Step s = k.step();
    return s.type() + (k.node() != null ? " " + k.node().ref() + " \"" + k.node().name() + "\"" : "")
        + (s.value() != null ? " value=" + s.value() : "") + (s.url() != null ? " url=" + s.url() : "");
  }
}
