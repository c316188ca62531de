package dev.waymark.travel;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One step of every type of the vocabulary, for the conversion tests: each must come out translated or marked. */
final class TravelSteps {
  private TravelSteps() {}

  static Target target(String role, String name) {
    return new Target(role, name, null, null, null, null, null);
  }

  /** Type → a typical step of it (ids are the type names). */
  static Map<String, Step> everyType() {
    Map<String, Step> m = new LinkedHashMap<>();
    Selector field = Selector.css("#email");
    m.put(StepTypes.NAVIGATE, Step.builder(StepTypes.NAVIGATE).url("https://shop.example/login").build());
    m.put(StepTypes.CLICK, Step.builder(StepTypes.CLICK).selector(Selector.css("#sign-in")).target(target("button", "Sign in")).build());
    m.put(StepTypes.FILL, Step.builder(StepTypes.FILL).selector(field).value("{{ email }}").target(target("textbox", "Email")).build());
    m.put(StepTypes.SELECT, Step.builder(StepTypes.SELECT).selector(Selector.css("#priority")).value("high").build());
    m.put(StepTypes.PRESS, Step.builder(StepTypes.PRESS).selector(field).value("Enter").build());
    m.put(StepTypes.SCROLL, Step.builder(StepTypes.SCROLL).value("down").build());
    m.put(StepTypes.UPLOAD, Step.builder(StepTypes.UPLOAD).selector(Selector.css("input[type=file]")).value("{{ invoice }}").build());
    m.put(StepTypes.WAIT, Step.builder(StepTypes.WAIT).waitFor(new WaitConfig(null, "Welcome", null, false, 0, 0)).build());
    m.put(StepTypes.EXTRACT, Step.builder(StepTypes.EXTRACT).selector(Selector.css("#balance")).store("balance").build());
    m.put(StepTypes.EXTRACT_LIST, Step.builder(StepTypes.EXTRACT_LIST).selector(Selector.css("tr.order"))
        .fields(Map.of("number", new ExtractField("td.number", null))).limit(20).build());
    m.put(StepTypes.CAPTURE_URL, Step.builder(StepTypes.CAPTURE_URL).url("https://shop.example/invoice.pdf").filename("invoice.pdf").build());
    m.put(StepTypes.CAPTURE_DOWNLOAD, Step.builder(StepTypes.CAPTURE_DOWNLOAD).selector(Selector.css("a.download")).filename("x.csv").build());
    m.put(StepTypes.CAPTURE_PAGE_FILE, Step.builder(StepTypes.CAPTURE_PAGE_FILE).filename("page.html").build());
    m.put(StepTypes.EVAL, Step.builder(StepTypes.EVAL).fn("app.refresh").args(List.of("{{ email }}", 3)).build());
    m.put(StepTypes.SWITCH_TAB, Step.builder(StepTypes.SWITCH_TAB).value("12").build());
    m.put(StepTypes.CLOSE_TAB, Step.builder(StepTypes.CLOSE_TAB).value("12").build());
    m.put(StepTypes.ADOPT_TAB, Step.builder(StepTypes.ADOPT_TAB).value("15").build());
    m.put(StepTypes.SET_VIEWPORT, Step.builder(StepTypes.SET_VIEWPORT).value("1024x700").build());
    m.put(StepTypes.USER_STEP, Step.builder(StepTypes.USER_STEP).prompt("Sign in with your key")
        .continueOn(new ContinueCondition(false, "#account", null, null, 0)).build());
    m.replaceAll((type, s) -> s.withId(type));
    return m;
  }

  static Workflow workflow(List<Step> steps) {
    Map<String, String> vars = new LinkedHashMap<>();
    vars.put("email", "the account email");
    vars.put("invoice", "the invoice file");
    vars.put("secret_todo", "the password");
    return new Workflow("travel", "Travel", null, vars, steps);
  }

  static Condition when(String selector) {
    return new Condition(selector, null, null, null, false);
  }
}
