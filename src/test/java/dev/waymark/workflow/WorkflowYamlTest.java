package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkflowYamlTest {

  static Workflow sample() {
    Map<String, String> vars = new LinkedHashMap<>();
    vars.put("email", "the login email");
    vars.put("password", "the account password");
    vars.put("query", "what to search");
    vars.put("name", "file name");
    Step full = RecordsJsonRoundTripTest.fullStep();
    Step resumeStart = Step.builder("navigate").id("s0").url("https://x/start")
        .resume(new ResumePoint("start", new Condition(null, null, "/start", null, false), null)).build();
    Step fill = Step.builder("fill").id("s2").label("Fill \"Email\"\nsecond line").selector(Selector.css("#email"))
        .value("{{ email }}").provenance(Provenance.model("type the email: it's: \"quoted\"")).build();
    return new Workflow("site-login", "Site login", "Signs in.\nThen reads the list.", vars, List.of(resumeStart, fill, full));
  }

  @Test
  void exportImportExportIsByteIdentical() throws Exception {
    String first = WorkflowYaml.write(sample());
    Workflow back = WorkflowYaml.read(first);
    String second = WorkflowYaml.write(back);

    assertThat(back).isEqualTo(sample());
    assertThat(second).isEqualTo(first);
  }

  @Test
  void eachStepCarriesWhoDecidedItAndTheReasoning() throws Exception {
    Workflow back = WorkflowYaml.read(WorkflowYaml.write(sample()));
    assertThat(back.steps().get(1).provenance()).isEqualTo(Provenance.model("type the email: it's: \"quoted\""));
    assertThat(back.steps().get(2).provenance()).isEqualTo(Provenance.person("I saw it"));
  }

  @Test
  void unknownStepTypeIsRejectedWithItsLineAndField() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: teleport
        """, 4, "steps[0].type", "unknown step type \"teleport\"");
  }

  @Test
  void unknownFieldIsRejectedWithItsLineAndField() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: click
            selector:
              css: "#a"
              xpath: //a
        """, 7, "steps[0].selector.xpath", "unknown field \"xpath\"");
  }

  @Test
  void unknownTopLevelFieldIsRejected() {
    assertProblem("""
        id: w
        author: me
        """, 2, "author", "unknown field");
  }

  @Test
  void rewindToAPointThatIsNotEarlierIsRejected() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: click
            selector: {css: "#a"}
            resume:
              id: first
              rewind:
                to: later
          - id: s2
            type: click
            selector: {css: "#b"}
            resume:
              id: later
        """, 9, "steps[0].resume.rewind.to", "not a resume point earlier");
  }

  @Test
  void rewindToAnEarlierPointIsAccepted() throws Exception {
    Workflow wf = WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: navigate
            url: https://x/
            resume: {id: start}
          - id: s2
            type: click
            selector: {css: "#b"}
            resume:
              id: later
              rewind: {to: start, url: "https://x/"}
        """);
    assertThat(wf.steps().get(1).resume().rewind().to()).isEqualTo("start");
  }

  @Test
  void duplicateStepIdsAreRejected() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: navigate
            url: https://x/
          - id: s1
            type: navigate
            url: https://y/
        """, 6, "steps[1].id", "\"s1\" is used twice");
  }

  @Test
  void duplicateResumeIdsAreRejected() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: navigate
            url: https://x/
            resume: {id: here}
          - id: s2
            type: navigate
            url: https://y/
            resume: {id: here}
        """, 10, "steps[1].resume.id", "resume id \"here\" is used twice");
  }

  @Test
  void undeclaredVariablesAreRejected() {
    assertProblem("""
        id: w
        variables:
          email: the email
        steps:
          - id: s1
            type: fill
            selector: {css: "#pw"}
            value: "{{ password }}"
        """, 8, "steps[0].value", "{{ password }} is not declared");
  }

  @Test
  void everyProblemIsListedNotOnlyTheFirst() {
    WorkflowLoadException e = catchLoad("""
        id: w
        steps:
          - id: s1
            type: fly
          - id: s1
            type: click
            colour: red
        """);
    assertThat(e.problems()).hasSize(3);
    assertThat(e.problems()).extracting(WorkflowProblem::line).containsExactly(4, 5, 7);
  }

  @Test
  void yamlTagNamingAJavaTypeNeverInstantiatesAnything() {
    WorkflowLoadException e = catchLoad("""
        id: !!java.io.File /etc/passwd
        name: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL ["http://127.0.0.1/"]]]]
        """);
    assertThat(e.problems()).anySatisfy(p -> assertThat(p.message()).contains("tags"));
    assertThat(e.problems()).allSatisfy(p -> assertThat(p.line()).isPositive());
  }

  @Test
  void anchorsAndAliasesAreRefused() {
    WorkflowLoadException e = catchLoad("""
        id: w
        variables: &v
          a: b
        description: *v
        """);
    assertThat(e.problems()).anySatisfy(p -> assertThat(p.message()).contains("aliases"));
  }

  @Test
  void aliasBombIsRefusedWithoutExpanding() {
    StringBuilder sb = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (char c = 'b'; c <= 'j'; c++) {
      char p = (char) (c - 1);
      sb.append(c).append(": &").append(c).append(" [*").append(p).append(",*").append(p).append(",*").append(p)
          .append(",*").append(p).append(",*").append(p).append(",*").append(p).append("]\n");
    }
    WorkflowLoadException e = catchLoad(sb.toString());
    assertThat(e.problems()).isNotEmpty();
  }

  @Test
  void deepNestingIsRefused() {
    String deep = "id: w\ndescription: " + "[".repeat(200) + "]".repeat(200) + "\n";
    WorkflowLoadException e = catchLoad(deep);
    assertThat(e.problems().get(0).message()).containsIgnoringCase("depth");
  }

  @Test
  void hugeDocumentIsRefused() {
    String big = "id: w\ndescription: \"" + "x".repeat(WorkflowYaml.MAX_DOCUMENT_CHARS) + "\"\n";
    WorkflowLoadException e = catchLoad(big);
    assertThat(e.problems().get(0).message()).contains("larger than");
  }

  @Test
  void overlongStringIsRefused() {
    String big = "id: w\ndescription: \"" + "x".repeat(WorkflowYaml.MAX_STRING_CHARS + 10) + "\"\n";
    WorkflowLoadException e = catchLoad(big);
    assertThat(e.problems().get(0).message()).containsIgnoringCase("length");
  }

  @Test
  void brokenYamlSaysWhereItBroke() {
    WorkflowLoadException e = catchLoad("id: w\nsteps:\n  - id: s1\n   type: [unclosed\n");
    assertThat(e.problems().get(0).line()).isPositive();
    assertThat(e.problems().get(0).message()).contains("not readable as YAML");
  }

  @Test
  void wrongValueShapeNamesTheField() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: extractList
            limit: lots
        """, 5, "steps[0].limit", "wrong shape");
  }

  @Test
  void userStepMethodIsReadWrittenAndCheckedWithItsLine() throws Exception {
    Workflow ok = WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: userStep
            prompt: Touch your key
            method: security_key
        """);
    assertThat(ok.steps().get(0).method()).isEqualTo("security_key");
    assertThat(WorkflowYaml.write(ok)).contains("method: security_key");
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: userStep
            prompt: Sign in
            method: retina
        """, 6, "steps[0].method", "userStep method \"retina\" is not known; use one of password, code, passkey");
  }

  @Test
  void userStepManualWithAConditionIsAProblemAtTheManualLine() {
    assertProblem("""
        id: w
        steps:
          - id: s1
            type: userStep
            prompt: Pay
            continue_on:
              text: Thank you
              manual: true
        """, 8, "steps[0].continue_on.manual", "cannot go with selector, text or url_includes");
  }

  private static void assertProblem(String yaml, int line, String field, String message) {
    WorkflowLoadException e = catchLoad(yaml);
    assertThat(e.problems()).anySatisfy(p -> {
      assertThat(p.line()).isEqualTo(line);
      assertThat(p.field()).isEqualTo(field);
      assertThat(p.message()).contains(message);
    });
  }

  private static WorkflowLoadException catchLoad(String yaml) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> WorkflowYaml.read(yaml));
    assertThat(t).isInstanceOf(WorkflowLoadException.class);
    return (WorkflowLoadException) t;
  }

  @Test
  void emptyFileIsAProblemNotACrash() {
    assertThatThrownBy(() -> WorkflowYaml.read("")).isInstanceOf(WorkflowLoadException.class).hasMessageContaining("empty");
  }
}
