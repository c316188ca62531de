package dev.waymark.apply;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedPagination;
import dev.waymark.observe.ObservedTab;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObservationMaskTest {
  private static final String VALUE = "ann.secret@example.com";

  @Test
  void everyEchoOfAValueInAnObservationBecomesItsToken() {
    ObservedNode field = new ObservedNode("e1", "textbox", "Email " + VALUE, "input", "email", VALUE, VALUE, false, null, null,
        List.of(VALUE), "#email", null, null, null, "Signed in as " + VALUE, "row " + VALUE, false, false, 0);
    ObservedList list = new ObservedList("l1", "li", 2, VALUE, List.of(new ObservedListField("who", ".who", null, VALUE)),
        new ObservedPagination("link", "a.next", "Next " + VALUE, "https://x/?u=" + VALUE, 2));
    ObservedNode clickable = new ObservedNode("e2", "generic", null, "div", null, null, null, false, null, null, null,
        "div.who", null, null, null, null, null, false, false, 0, null, false, "Signed in as " + VALUE);
    PageObservation page = new PageObservation("https://x/?u=" + VALUE, "Hi " + VALUE, List.of(field, clickable),
        List.of(new ObservedHeading(1, "Welcome " + VALUE)), "text " + VALUE, false, "wall " + VALUE, false, 0, 0, List.of(list));

    PageObservation masked = ObservationMask.mask(page, new SecretMask(Map.of("email", VALUE)));

    assertThat(Json.write(masked)).doesNotContain(VALUE).contains("{{ email }}");
    assertThat(masked.nodes().get(0).value()).isEqualTo("{{ email }}");
    assertThat(masked.nodes().get(0).selector()).isEqualTo("#email");
    assertThat(masked.nodes().get(1).text()).isEqualTo("Signed in as {{ email }}");
  }

  @Test
  void tabTitlesAndAddressesAreMaskedAndTheTabsKept() {
    PageObservation page = Fixtures.loginPage().withTabs(
        List.of(new ObservedTab(3, "Inbox of " + VALUE, "https://x/?u=" + VALUE, true, false, true)),
        List.of(ObservedTab.open(4, VALUE, "https://x/" + VALUE)), 2);

    PageObservation masked = ObservationMask.mask(page, new SecretMask(Map.of("email", VALUE)));

    assertThat(Json.write(masked)).doesNotContain(VALUE);
    assertThat(masked.taskTabs()).singleElement().isEqualTo(new ObservedTab(3, "Inbox of {{ email }}", "https://x/?u={{ email }}",
        true, false, true));
    assertThat(masked.openTabs()).extracting(ObservedTab::title).containsExactly("{{ email }}");
    assertThat(masked.otherOpenTabs()).isEqualTo(2);
  }

  @Test
  void withoutValuesTheObservationIsReturnedAsIs() {
    PageObservation page = Fixtures.loginPage();
    assertThat(ObservationMask.mask(page, SecretMask.none())).isSameAs(page);
  }
}
