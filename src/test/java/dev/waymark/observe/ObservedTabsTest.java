package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tabs of an observation: their JSON (old observations without them still read) and their compact lines. */
class ObservedTabsTest {
  private static final ObservedTab CURRENT = new ObservedTab(12, "Order 17", "https://shop.test/orders/17", false, false, true);
  private static final ObservedTab RECEIPT = new ObservedTab(15, "Receipt 17", "https://shop.test/receipt?o=17", true, false, false);
  private static final ObservedTab ADOPTED = new ObservedTab(17, "Cart", "https://shop.test/cart", false, true, false);
  private static final ObservedTab HELP = new ObservedTab(18, "Help", "https://help.other.test/", true, false, false);

  private static PageObservation page() {
    return new PageObservation("https://shop.test/orders/17", "Order 17",
        List.of(CompactObservationTest.node("e1", "button", "Pay", "main", false, false)), List.of(), null, false, null,
        false, 0, 0, List.of());
  }

  @Test
  void tabsRoundTripUnderTheirSpecNames() throws Exception {
    PageObservation o = page().withTabs(List.of(CURRENT, RECEIPT, ADOPTED), List.of(ObservedTab.open(20, "Wish list", "https://shop.test/w")), 3);

    String json = Json.write(o);

    assertThat(Json.read(json, PageObservation.class)).isEqualTo(o);
    JsonNode tree = Json.mapper().readTree(json);
    assertThat(tree.path("task_tabs")).hasSize(3);
    assertThat(names(tree.path("task_tabs").get(0))).containsExactlyInAnyOrder("id", "title", "url", "current");
    assertThat(names(tree.path("task_tabs").get(1))).containsExactlyInAnyOrder("id", "title", "url", "opened_by_task");
    assertThat(names(tree.path("open_tabs").get(0))).containsExactlyInAnyOrder("id", "title", "url");
    assertThat(tree.path("other_open_tabs").asInt()).isEqualTo(3);
    assertThat(o.tab(20).title()).isEqualTo("Wish list");
    assertThat(o.tab(99)).isNull();
  }

  @Test
  void anObservationWrittenBeforeTabsReadsWithNone() {
    String old = "{\"url\":\"https://shop.test/\",\"title\":\"Shop\",\"nodes\":[{\"ref\":\"e1\",\"role\":\"button\",\"name\":\"Pay\"}]}";

    PageObservation o = Json.read(old, PageObservation.class);

    assertThat(o.taskTabs()).isEmpty();
    assertThat(o.openTabs()).isEmpty();
    assertThat(o.otherOpenTabs()).isZero();
    assertThat(o.knowsTabs()).isFalse();
    assertThat(Json.write(o)).doesNotContain("tabs");
    String nulls = "{\"url\":\"u\",\"task_tabs\":null,\"open_tabs\":null,\"other_open_tabs\":0}";
    assertThat(Json.read(nulls, PageObservation.class).taskTabs()).isEmpty();
  }

  @Test
  void theSingleTabPageReadsExactlyAsWithoutTabsWhateverTheOtherTabsCount() {
    String plain = CompactObservation.render(page());

    assertThat(CompactObservation.render(page().withTabs(List.of(CURRENT), List.of(), 7))).isEqualTo(plain);
    assertThat(plain).doesNotContain("tabs");
  }

  @Test
  void severalTaskTabsAreListedWithIdsFlagsAndShortAddresses() {
    String text = CompactObservation.render(page().withTabs(List.of(CURRENT, RECEIPT, ADOPTED, HELP), List.of(), 2));

    assertThat(text).startsWith("page \"Order 17\" https://shop.test/orders/17 · 1 control\n"
        + "tabs: 12 \"Order 17\" current · 15 \"Receipt 17\" /receipt?o=17 opened by task · 17 \"Cart\" /cart adopted · "
        + "18 \"Help\" https://help.other.test/ opened by task\n"
        + "other tabs: 2 (not shown)\n");
  }

  @Test
  void tabsThePersonHasOnTheTasksSitesAreListedForAdoptTabEvenBesideOneTaskTab() {
    String text = CompactObservation.render(page().withTabs(List.of(CURRENT),
        List.of(ObservedTab.open(20, "Wish \"list\"", "https://shop.test/w")), 0));

    assertThat(text).contains("\ntabs: 12 \"Order 17\" current\nopen tabs (adoptTab): 20 \"Wish \\\"list\\\"\" /w\n")
        .doesNotContain("other tabs");
  }

  @Test
  void aLongTitleIsCut() {
    ObservedTab longOne = new ObservedTab(30, "x".repeat(200), "https://shop.test/l", true, false, false);
    String text = CompactObservation.render(page().withTabs(List.of(CURRENT, longOne), List.of(), 0));

    assertThat(text).contains("30 \"" + "x".repeat(59) + "…\" /l opened by task");
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
