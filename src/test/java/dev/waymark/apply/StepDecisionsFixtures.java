package dev.waymark.apply;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.ResumePoint;
import dev.waymark.workflow.Rewind;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.WaitConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Steps with every field set, for the tests of the way back from a step to a decision. */
public final class StepDecisionsFixtures {
  private StepDecisionsFixtures() {}

  /** Every field of a Step set, under the given type. */
  /**
   * The page with the tabs the tab steps of {@link #everyField} name: 1 current, 7 opened by the task (switchTab
   * and closeTab take it), 8 the person's on the task's site (adoptTab takes it).
   */
  public static dev.waymark.observe.PageObservation withTabs(dev.waymark.observe.PageObservation page) {
    return page.withTabs(List.of(new dev.waymark.observe.ObservedTab(1, "Now", "https://x/", false, false, true),
            new dev.waymark.observe.ObservedTab(7, "Opened", "https://x/o", true, false, false)),
        List.of(dev.waymark.observe.ObservedTab.open(8, "Theirs", "https://x/t")), 0);
  }

  public static Step everyField(String type) {
    Map<String, ExtractField> fields = new LinkedHashMap<>();
    fields.put("title", new ExtractField("h3", null));
    fields.put("link", new ExtractField("a", "href"));
    Map<String, String> body = new LinkedHashMap<>();
    body.put("q", "{{ query }}");
    body.put("page", "2");
    WaitConfig wait = new WaitConfig("#done", "Saved", "/ok", true, 250, 5000);
    Condition cond = new Condition("#banner", "Welcome", "/home", "all", true);
    boolean userStep = StepTypes.USER_STEP.equals(type);
    return new Step("s9", type, "Do the thing", new Selector("li", "/html/body/ul/li", List.of(1, 2), List.of("x-app"), 3, true),
        StepTypes.SET_VIEWPORT.equals(type) ? "1280x800" : StepTypes.ADOPT_TAB.equals(type) ? "8"
            : StepTypes.SWITCH_TAB.equals(type) || StepTypes.CLOSE_TAB.equals(type) ? "7" : "{{ query }}",
        StepTypes.CAPTURE_PAGE_FILE.equals(type) ? "pdf" : "json", "href", fields, 50, "https://x/", "sum",
        // A userStep's method is how the person signs in, and its manual stands alone (UserSteps.problems).
        List.of("a", 2, true), body, userStep ? "security_key" : "POST", "{{ query }}.csv",
        StepTypes.CAPTURING.contains(type) ? "client" : null, wait, "Enter the code",
        new ContinueCondition(!userStep, "#next", "Done", "/step2", 60000), 9000, true, cond, "rows",
        new ResumePoint("list", cond, new Rewind("start", "https://x/start", "a.back", wait)), true, true, true,
        Provenance.person("I saw it"),
        new Target("button", "Add to cart", "button", "submit", "Products", "Blue mug $12", "/cart/add"),
        new Expect("/cart", null, new Expect.Element("link", "Checkout"), null, null, null));
  }

}
