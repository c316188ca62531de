package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.ResumePoint;
import dev.waymark.workflow.Rewind;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The base-url rewriter: every address on the authored origin moves to the new base, nothing else changes. */
class BaseUrlTest {
  static final String A = "http://127.0.0.1:5000";

  static Workflow workflow() {
    return new Workflow("w", "W", null, null, List.of(
        Step.builder(StepTypes.NAVIGATE).id("open").url(A + "/app/login.html?next=%2F#top").build(),
        Step.builder(StepTypes.CLICK).id("go").selector(dev.waymark.workflow.Selector.css("a[href='http://127.0.0.1:5000/x']"))
            .condition(new Condition(null, null, "127.0.0.1:5000/app/login", null, false)).build(),
        Step.builder(StepTypes.WAIT).id("wait").waitFor(new WaitConfig(null, "http://127.0.0.1:5000 is shown", A + "/app/orders", false, 0, 0)).build(),
        Step.builder(StepTypes.USER_STEP).id("sign").prompt("Sign in at " + A)
            .continueOn(new ContinueCondition(false, null, null, "/app/home", 0)).build(),
        Step.builder(StepTypes.CAPTURE_URL).id("csv").url(A + "/app/export.csv").build(),
        Step.builder(StepTypes.NAVIGATE).id("elsewhere").url("https://other.example.com/app/x").build(),
        Step.builder(StepTypes.CLICK).id("orders").selector(dev.waymark.workflow.Selector.css("#o"))
            .resume(new ResumePoint("orders", new Condition(null, null, "orders.html", null, false),
                new Rewind("orders", A + "/app/orders.html", null, new WaitConfig(null, null, A + "/app/orders", false, 0, 0))))
            .build()));
  }

  @Test
  void theOriginMovesAndTheNewPathGoesInFront() {
    BaseUrl.Base from = BaseUrl.authoredBase(workflow());
    assertThat(from).isEqualTo(new BaseUrl.Base(A, ""));

    BaseUrl.Retargeted r = BaseUrl.apply(workflow(), from, BaseUrl.parse("https://staging.example.com/v2/"));

    List<Step> s = r.workflow().steps();
    assertThat(s.get(0).url()).isEqualTo("https://staging.example.com/v2/app/login.html?next=%2F#top");
    assertThat(s.get(1).condition().urlIncludes()).isEqualTo("staging.example.com/v2/app/login");
    assertThat(s.get(1).selector().css()).as("selectors are not addresses").isEqualTo("a[href='http://127.0.0.1:5000/x']");
    assertThat(s.get(2).waitFor().urlIncludes()).isEqualTo("https://staging.example.com/v2/app/orders");
    assertThat(s.get(2).waitFor().text()).as("page text is not an address").isEqualTo("http://127.0.0.1:5000 is shown");
    assertThat(s.get(3).continueOn().urlIncludes()).as("a path holds no origin").isEqualTo("/app/home");
    assertThat(s.get(3).prompt()).isEqualTo("Sign in at " + A);
    assertThat(s.get(4).url()).isEqualTo("https://staging.example.com/v2/app/export.csv");
    assertThat(s.get(5).url()).as("another site stays").isEqualTo("https://other.example.com/app/x");
    assertThat(s.get(6).resume().rewind().url()).isEqualTo("https://staging.example.com/v2/app/orders.html");
    assertThat(s.get(6).resume().rewind().waitFor().urlIncludes()).isEqualTo("https://staging.example.com/v2/app/orders");
    assertThat(s.get(6).resume().when().urlIncludes()).isEqualTo("orders.html");
    assertThat(r.changes()).hasSize(6).first().asString()
        .isEqualTo("open: http://127.0.0.1:5000/app/login.html?next=%2F#top -> https://staging.example.com/v2/app/login.html?next=%2F#top");
  }

  @Test
  void anAuthoredPrefixIsReplacedOnlyOnASegmentBoundary() {
    BaseUrl.Base from = BaseUrl.parse(A + "/app");
    BaseUrl.Base to = BaseUrl.parse("http://localhost:6000");
    assertThat(BaseUrl.url(A + "/app/login.html", from, to)).isEqualTo("http://localhost:6000/login.html");
    assertThat(BaseUrl.url(A + "/app", from, to)).isEqualTo("http://localhost:6000");
    assertThat(BaseUrl.url(A + "/apple/x", from, to)).isEqualTo(A + "/apple/x");
    assertThat(BaseUrl.includes("/app/home", from, to)).isEqualTo("/home");
    assertThat(BaseUrl.includes("/apple", from, to)).isEqualTo("/apple");
    assertThat(BaseUrl.includes("127.0.0.1:5000/app?x=1", from, to)).isEqualTo("localhost:6000?x=1");
    assertThat(BaseUrl.includes("127.0.0.1:50001/app", from, to)).as("another port").isEqualTo("127.0.0.1:50001/app");
  }

  @Test
  void defaultPortsAndLetterCaseNameTheSameOrigin() {
    BaseUrl.Base from = BaseUrl.parse("HTTPS://Example.com:443");
    assertThat(from.origin()).isEqualTo("https://example.com");
    assertThat(BaseUrl.url("https://EXAMPLE.com/a", from, BaseUrl.parse("http://127.0.0.1:8080"))).isEqualTo("http://127.0.0.1:8080/a");
    assertThat(BaseUrl.url("http://example.com/a", from, BaseUrl.parse("http://127.0.0.1:8080"))).as("another scheme")
        .isEqualTo("http://example.com/a");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "staging.example.com", "ftp://example.com", "https://", "https://user:pw@example.com",
      "https://example.com/app?x=1", "https://example.com/#top", "https://exa mple.com", "https://:80"})
  void aBadBaseAddressIsRefusedWithTheReason(String bad) {
    assertThatThrownBy(() -> BaseUrl.parse(bad)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"" + bad.strip() + "\"");
  }

  @Test
  void aWorkflowThatOpensNoAddressHasNoAuthoredBase() {
    Workflow w = new Workflow("w", "W", null, null, List.of(Step.builder(StepTypes.CLICK).id("c")
        .selector(dev.waymark.workflow.Selector.css("#c")).build()));
    assertThat(BaseUrl.authoredBase(w)).isNull();
  }
}
