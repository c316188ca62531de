package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowYaml;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecorderImportTest {
  /** A flow as Chrome DevTools Recorder writes one, with every step type of the schema. */
  static final String FLOW = """
      {
        "title": "Add a todo",
        "steps": [
          {"type": "setViewport", "width": 1280, "height": 720, "deviceScaleFactor": 1, "isMobile": false, "hasTouch": false, "isLandscape": false},
          {"type": "navigate", "url": "http://127.0.0.1:1/todos.html", "assertedEvents": [{"type": "navigation", "url": "http://127.0.0.1:1/todos.html", "title": "Todos"}]},
          {"type": "click", "target": "main", "selectors": [["aria/Email[role=\\"textbox\\"]"], ["#email"], ["xpath///*[@id=\\"email\\"]"], ["pierce/#email"]], "offsetX": 41, "offsetY": 9},
          {"type": "change", "value": "ada@example.com", "selectors": [["aria/Email[role=\\"textbox\\"]"], ["#email"]], "target": "main"},
          {"type": "keyDown", "target": "main", "key": "Control"},
          {"type": "keyDown", "target": "main", "key": "a"},
          {"type": "keyUp", "target": "main", "key": "a"},
          {"type": "keyUp", "target": "main", "key": "Control"},
          {"type": "keyDown", "target": "main", "key": "Enter"},
          {"type": "keyUp", "target": "main", "key": "Enter"},
          {"type": "click", "target": "main", "selectors": [["aria/Sign in[role=\\"button\\"]"], ["text/Sign in"]], "offsetX": 5, "offsetY": 5},
          {"type": "click", "target": "main", "selectors": [["aria/Save[role=\\"StaticText\\"]"], ["my-app", "button.save"]], "offsetX": 5, "offsetY": 5,
           "assertedEvents": [{"type": "navigation", "url": "http://127.0.0.1:1/saved.html?x=1", "title": ""}]},
          {"type": "waitForElement", "selectors": [["#list li"]]},
          {"type": "waitForElement", "selectors": [["#spinner"]], "count": 0, "operator": "=="},
          {"type": "waitForElement", "selectors": [["text/1 done"]], "timeout": 4000},
          {"type": "waitForElement", "selectors": [["#list li"]], "count": 3, "operator": ">="},
          {"type": "doubleClick", "target": "main", "selectors": [["#x"]], "offsetX": 1, "offsetY": 1},
          {"type": "hover", "target": "main", "selectors": [["#x"]]},
          {"type": "scroll", "target": "main", "x": 0, "y": 400},
          {"type": "waitForExpression", "expression": "window.ready === true"},
          {"type": "emulateNetworkConditions", "target": "main", "download": 1, "upload": 1, "latency": 1},
          {"type": "click", "target": "main", "frame": [0], "selectors": [["#in-frame"]], "offsetX": 1, "offsetY": 1},
          {"type": "click", "target": "http://127.0.0.1:1/popup.html", "selectors": [["#pop"]], "offsetX": 1, "offsetY": 1},
          {"type": "customStep", "name": "lighthouse", "parameters": {}},
          {"type": "close", "target": "main"}
        ]
      }
      """;

  @Test
  void eachRecorderStepTypeMapsOrIsReportedWithItsIndexTypeAndLine() throws Exception {
    RecorderImport.Result r = RecorderImport.read(FLOW, "fallback");
    Workflow wf = r.workflow();

    assertThat(wf.id()).isEqualTo("add-a-todo");
    assertThat(wf.name()).isEqualTo("Add a todo");
    assertThat(wf.steps()).extracting(Step::id).containsExactly("s0", "s1", "s2", "s3", "s5", "s8", "s11", "s12", "s13", "s14");
    assertThat(wf.steps()).extracting(Step::type).containsExactly(StepTypes.SET_VIEWPORT, StepTypes.NAVIGATE, StepTypes.CLICK,
        StepTypes.FILL, StepTypes.PRESS, StepTypes.PRESS, StepTypes.CLICK, StepTypes.WAIT, StepTypes.WAIT, StepTypes.WAIT);
    assertThat(wf.steps().get(0).value()).isEqualTo("1280x720");
    assertThat(wf.steps().get(1).url()).isEqualTo("http://127.0.0.1:1/todos.html");
    Step click = wf.steps().get(2);
    assertThat(click.selector()).isEqualTo(Selector.css("#email"));
    assertThat(click.target()).isEqualTo(new Target("textbox", "Email", null, null, null, null, null));
    assertThat(wf.steps().get(3).value()).isEqualTo("ada@example.com");
    assertThat(wf.steps().get(4).value()).isEqualTo("Control+a");
    assertThat(wf.steps().get(5).value()).isEqualTo("Enter");
    Step save = wf.steps().get(6);
    // A shadow chain enters its hosts; a role the observer never gives makes no target; an asserted navigation is waited for.
    assertThat(save.selector()).isEqualTo(new Selector("button.save", null, null, List.of("my-app"), null, false));
    assertThat(save.target()).isNull();
    assertThat(save.waitFor().urlIncludes()).isEqualTo("/saved.html");
    assertThat(wf.steps().get(7).waitFor().selector()).isEqualTo("#list li");
    assertThat(wf.steps().get(8).waitFor().absent()).isTrue();
    assertThat(wf.steps().get(9).waitFor().text()).isEqualTo("1 done");
    assertThat(wf.steps().get(9).waitFor().timeoutMs()).isEqualTo(4000);

    assertThat(r.notes()).extracting(TravelNote::where, TravelNote::type).containsExactly(
        org.assertj.core.groups.Tuple.tuple("steps[10]", "click"), org.assertj.core.groups.Tuple.tuple("steps[15]", "waitForElement"),
        org.assertj.core.groups.Tuple.tuple("steps[16]", "doubleClick"), org.assertj.core.groups.Tuple.tuple("steps[17]", "hover"),
        org.assertj.core.groups.Tuple.tuple("steps[18]", "scroll"), org.assertj.core.groups.Tuple.tuple("steps[19]", "waitForExpression"),
        org.assertj.core.groups.Tuple.tuple("steps[20]", "emulateNetworkConditions"), org.assertj.core.groups.Tuple.tuple("steps[21]", "click"),
        org.assertj.core.groups.Tuple.tuple("steps[22]", "click"), org.assertj.core.groups.Tuple.tuple("steps[23]", "customStep"),
        org.assertj.core.groups.Tuple.tuple("steps[24]", "close"));
    assertThat(r.notes()).allMatch(n -> n.kind() == TravelNote.Kind.NOT_MAPPED);
    assertThat(r.notes().get(0).line()).isEqualTo(14);
    assertThat(r.notes().get(0).toString()).isEqualTo("steps[10] (click) at line 14: not mapped: none of its selectors is CSS or "
        + "XPath (an aria selector alone names no element to act on)");
    assertThat(r.notes().get(7).message()).isEqualTo("it acts in a frame, found by its index");
    // What comes out validates as any workflow file does.
    assertThat(WorkflowYaml.read(WorkflowYaml.write(wf))).isEqualTo(wf);
  }

  @Test
  void aFlowExportedWithoutValuesComesBackWithItsTokensAsVariablesAndItsMarkersAsTheirSteps() throws Exception {
    Map<String, Step> all = TravelSteps.everyType();
    Workflow original = TravelSteps.workflow(List.copyOf(all.values()));
    String flow = RecorderExport.export(original, null).json();

    RecorderImport.Result r = RecorderImport.read(flow, "x");
    Workflow back = r.workflow();

    assertThat(back.variables()).containsOnlyKeys("email", "invoice");
    for (String type : List.of(StepTypes.UPLOAD, StepTypes.EXTRACT, StepTypes.EVAL, StepTypes.USER_STEP, StepTypes.CAPTURE_URL)) {
      assertThat(back.steps()).contains(all.get(type));
    }
    assertThat(back.steps()).filteredOn(s -> s.type().equals(StepTypes.FILL)).first()
        .satisfies(s -> assertThat(s.value()).isEqualTo("{{ email }}"));
    // The scroll and the text wait were written as expressions, which a workflow does not run.
    assertThat(r.notes()).extracting(TravelNote::type).containsExactly("waitForExpression", "waitForExpression", "waitForExpression");
    assertThat(WorkflowYaml.read(WorkflowYaml.write(back))).isEqualTo(back);
  }

  @Test
  void aFileThatIsNoFlowIsRefusedWithEachProblemAndItsLine() {
    assertThatThrownBy(() -> RecorderImport.read("{\n  \"title\": \"x\",\n  \"steps\": [\n    {\"type\": \"click\",}\n  ]\n}", "x"))
        .isInstanceOf(WorkflowLoadException.class)
        .satisfies(e -> assertThat(((WorkflowLoadException) e).problems()).singleElement()
            .satisfies(p -> {
              assertThat(p.line()).isEqualTo(4);
              assertThat(p.message()).startsWith("not readable as JSON: ");
            }));
    assertThatThrownBy(() -> RecorderImport.read("{\n  \"title\": \"x\",\n  \"steps\": [\n    {\"type\": \"click\"},\n    {\"url\": \"a\"},\n    7\n  ]\n}", "x"))
        .isInstanceOf(WorkflowLoadException.class)
        .satisfies(e -> assertThat(((WorkflowLoadException) e).problems()).extracting(Object::toString)
            .containsExactly("line 5: steps[1]: a flow step is an object with a type",
                "line 6: steps[2]: a flow step is an object with a type"));
    assertThatThrownBy(() -> RecorderImport.read("[]", "x")).hasMessageContaining("a Recorder flow is an object with title and steps");
    assertThatThrownBy(() -> RecorderImport.read("{\"title\": \"x\"}", "x")).hasMessageContaining("a Recorder flow has a \"steps\" list");
  }

  @Test
  void whatARecordingTypedIntoAPasswordFieldBecomesATokenNeverTextInTheWorkflow() throws Exception {
    String flow = """
        {"title": "Sign in", "steps": [
          {"type": "change", "value": "hunter2", "selectors": [["aria/Password[role=\\"textbox\\"]"], ["#pw"]]},
          {"type": "change", "value": "4711", "selectors": [["input[type=password].pin-field"]]},
          {"type": "change", "value": "{{ secret }}", "selectors": [["#password"]]},
          {"type": "change", "value": "ada", "selectors": [["#user"]]},
          {"type": "change", "value": "spin", "selectors": [["#spinner-speed"]]}
        ]}""";
    RecorderImport.Result r = RecorderImport.read(flow, "x");
    String yaml = WorkflowYaml.write(r.workflow());

    assertThat(r.workflow().steps()).extracting(Step::value)
        .containsExactly("{{ password }}", "{{ password_2 }}", "{{ secret }}", "ada", "spin");
    assertThat(r.workflow().variables()).containsOnlyKeys("password", "password_2", "secret");
    assertThat(yaml).doesNotContain("hunter2").doesNotContain("4711");
    assertThat(r.notes()).extracting(TravelNote::where).containsExactly("steps[0]", "steps[1]");
    assertThat(r.notes()).allMatch(n -> n.kind() == TravelNote.Kind.NEEDS_VALUE);
  }

  @Test
  void keysArePairedIntoPressesAndAReleaseWithoutAPressIsReported() throws Exception {
    String flow = """
        {"title": "!!", "steps": [
          {"type": "keyDown", "key": "Shift"}, {"type": "keyDown", "key": "Tab"}, {"type": "keyUp", "key": "Tab"},
          {"type": "keyUp", "key": "Shift"}, {"type": "keyUp", "key": "Escape"}, {"type": "keyDown", "key": " "}
        ]}""";
    RecorderImport.Result r = RecorderImport.read(flow, "keys");

    assertThat(r.workflow().id()).isEqualTo("keys");
    assertThat(r.workflow().steps()).extracting(Step::value).containsExactly("Shift+Tab", "Space");
    assertThat(r.notes()).singleElement().satisfies(n -> {
      assertThat(n.where()).isEqualTo("steps[4]");
      assertThat(n.message()).contains("releases \"Escape\"");
    });
  }
}
