package dev.waymark.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.ApplyTurn;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedTab;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A turn's prompt offers the tab steps once the task has tabs, and upload once there is a variable to name a file. */
class OfferedStepsTest {
  private final PromptRenderer renderer = new PromptRenderer();

  private static PageObservation page() {
    return new PageObservation("https://shop.example/cart", "Cart", List.of(ObservedNode.of("e1", "button", "Pay", "button",
        "#pay")), List.of(), null, false, null, false, 0, 0, List.of());
  }

  private static List<String> schemaTypes(Prompt p) {
    List<String> out = new ArrayList<>();
    for (JsonNode t : p.decisionSchema().path("properties").path("step").path("properties").path("type").path("enum")) {
      out.add(t.asText());
    }
    return out;
  }

  private Prompt turn(PageObservation page, ApplyInput next) {
    return renderer.renderTurn("Pay for the cart", page, next, null).prompt();
  }

  @Test
  void aOneTabSessionWithoutVariablesIsNotOfferedTabStepsOrUploadInTheTextOrTheSchema() {
    Prompt p = turn(page(), ApplyInput.builder().build());

    assertThat(p.system()).doesNotContain("- switchTab:", "- closeTab:", "- adoptTab:", "- upload:")
        .contains("- click:", "- userStep:", "- setViewport:");
    assertThat(schemaTypes(p)).doesNotContain("switchTab", "closeTab", "adoptTab", "upload").contains("click", "userStep");
  }

  @Test
  void aSecondTaskTabOrAPersonsTabOnTheSiteOffersTheTabSteps() {
    PageObservation two = page().withTabs(List.of(new ObservedTab(3, "Cart", "https://shop.example/cart", false, false, true),
        new ObservedTab(9, "Receipt", "https://shop.example/receipt", true, false, false)), List.of(), 0);
    PageObservation theirs = page().withTabs(List.of(new ObservedTab(3, "Cart", "https://shop.example/cart", false, false, true)),
        List.of(new ObservedTab(20, "Orders", "https://shop.example/orders", false, false, false)), 0);
    PageObservation oneOfMany = page().withTabs(List.of(new ObservedTab(3, "Cart", "https://shop.example/cart", false, false, true)),
        List.of(), 4);

    for (PageObservation p : List.of(two, theirs)) {
      Prompt prompt = turn(p, ApplyInput.builder().build());
      assertThat(prompt.system()).contains("- switchTab:", "- closeTab:", "- adoptTab:");
      assertThat(schemaTypes(prompt)).contains("switchTab", "closeTab", "adoptTab");
    }
    // tabs on other sites are not the task's to work in
    assertThat(turn(oneOfMany, ApplyInput.builder().build()).system()).doesNotContain("- switchTab:");
  }

  @Test
  void onceAStepOpenedATabTheTabStepsStayOfferedSoTheCachedSystemTextChangesOnce() {
    StepOutcome opened = new StepOutcome(null, null, List.of(new StepOutcome.Tab(9, "https://shop.example/receipt", "Receipt")),
        null, false, null, null, false, null);
    ExtTurn click = new ExtTurn(1, "open the receipt", "click", "Receipt", "e4", null, true, false, null,
        "https://shop.example/cart", null, opened);
    ExtTurn closed = new ExtTurn(2, "done with it", "closeTab", null, null, "9", true, false, null,
        "https://shop.example/cart", null, null);
    // the page is back to one tab
    Prompt afterOpen = turn(page(), ApplyInput.builder().trail(List.of(click)).build());
    Prompt afterClose = turn(page(), ApplyInput.builder().trail(List.of(click, closed)).build());

    assertThat(afterOpen.system()).contains("- switchTab:").isEqualTo(afterClose.system());
    assertThat(schemaTypes(afterOpen)).contains("switchTab");
  }

  @Test
  void aVariableOffersUploadAndNotOfferingAStepNeverRefusesIt() {
    ApplyInput withFile = ApplyInput.builder().variables(Map.of("resume_pdf", "the CV to attach")).build();
    assertThat(turn(page(), withFile).system()).contains("- upload:");
    assertThat(schemaTypes(turn(page(), withFile))).contains("upload");

    // a model that writes a tab step it was not offered (it may write it) still has it taken, not refused
    PageObservation oneTab = page().withTabs(List.of(new ObservedTab(3, "Cart", "https://shop.example/cart", false, false, true)),
        List.of(), 0);
    assertThat(turn(oneTab, ApplyInput.builder().build()).system()).doesNotContain("- switchTab:");
    ApplyInput next = ApplyInput.builder().observation(oneTab).budget(5)
        .decision("{\"reasoning\":\"back to the first tab\",\"done\":false,\"step\":{\"type\":\"switchTab\",\"value\":\"3\"}}")
        .build();
    ApplyOutput out = ApplyTurn.apply(next, (s, v, t) -> StepResult.success(s.id(), null, "https://shop.example/cart", null));
    assertThat(out.error()).as(String.valueOf(out.error())).isNull();
    assertThat(out.steps()).extracting(dev.waymark.workflow.Step::type).contains("switchTab");
  }

  @Test
  void beforeTheFirstPageNoTabStepIsOfferedForThereIsNoTabToWorkIn() {
    Prompt p = renderer.renderTurn("Pay for the cart", null, ApplyInput.builder().build(), null).prompt();
    assertThat(p.system()).doesNotContain("- switchTab:");
  }

  @Test
  void aSessionThatWasShownTabsKeepsTheTabStepsAfterThePopupClosedThroughThePathModelDriverTakes() {
    PromptPages pages = new PromptPages();
    PageObservation popup = page().withTabs(List.of(new ObservedTab(3, "Cart", "https://shop.example/cart", false, false, true),
        new ObservedTab(9, "Sign in", "https://shop.example/sso", true, false, false)), List.of(), 0);
    ApplyInput next = ApplyInput.builder().build();

    Prompt before = renderer.renderTurn("Pay for the cart", page(), next, null, pages).prompt();
    Prompt during = renderer.renderTurn("Pay for the cart", popup, next, null, pages).prompt();
    Prompt after = renderer.renderTurn("Pay for the cart", page(), next, null, pages).prompt();

    assertThat(before.system()).doesNotContain("- switchTab:");
    assertThat(during.system()).contains("- switchTab:");
    // the popup closed by itself, not by a step: the cached system text and schema do not flip back
    assertThat(after.system()).isEqualTo(during.system());
    assertThat(schemaTypes(after)).contains("switchTab");
  }
}
