package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadinessTest {
  static final Step GO = Step.builder("navigate").id("s1").url("http://h/todo").build();
  static final Step FILL = Step.builder("fill").id("s2").selector(Selector.css("#new")).value("Milk")
      .expect(new Expect(null, null, null, null, "Milk", null)).build();
  static final Step ENTER = Step.builder("press").id("s3").selector(Selector.css("#new")).value("Enter")
      .expect(new Expect(null, null, new Expect.Element("checkbox", "Milk"), null, null, null)).build();
  static final Step LINK = Step.builder("click").id("s4").selector(Selector.css("a.next"))
      .expect(new Expect("/next", null, null, null, null, null)).build();

  @Test
  void theFirstActionOnAPageWhoseScriptReactsWaitsForItAndOnlyThatOne() {
    List<Step> steps = List.of(GO, FILL, ENTER);

    assertThat(Readiness.prepared(steps, 1).expect().ready()).isTrue();
    assertThat(Readiness.prepared(steps, 1).expect().value()).as("the seen effect stays").isEqualTo("Milk");
    assertThat(Readiness.prepared(steps, 2)).isSameAs(ENTER);
    assertThat(Readiness.prepared(steps, 0)).as("a navigation waits for its load itself").isSameAs(GO);
  }

  @Test
  void aPageWhoseEffectsAreTheBrowsersOwnIsNotHeldUp() {
    List<Step> steps = List.of(GO, FILL, LINK, ENTER);

    // On the first page only a fill and a followed link: nothing there needs the page's script.
    assertThat(Readiness.prepared(steps, 1)).isSameAs(FILL);
    // The link led to a new page, where Enter expects the script to add an item.
    assertThat(Readiness.prepared(steps, 3).expect().ready()).isTrue();
  }
}
