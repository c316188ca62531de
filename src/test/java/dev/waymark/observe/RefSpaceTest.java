package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Refs carried from one observation of a document to the next: the same element keeps its ref, a new one never gets an old one. */
class RefSpaceTest {
  static ObservedNode node(String ref, String role, String name, String selector, boolean positional, String value) {
    return new ObservedNode(ref, role, name, "input", null, value, null, false, null, null, null, selector, null, null,
        null, "main", null, false, false, 0, null, positional);
  }

  static PageObservation page(String url, List<ObservedNode> nodes, List<ObservedList> lists) {
    return new PageObservation(url, "Todos", nodes, List.of(), null, false, null, false, 0, 0, lists);
  }

  /** A TodoMVC row: toggle and delete, named only by their place among the rows. */
  static List<ObservedNode> row(int raw, int place, String title) {
    return List.of(node("e" + raw, "checkbox", "Toggle " + title, "li:nth-child(" + place + ") input.toggle", true, null),
        node("e" + (raw + 1), "button", "Delete " + title, "li:nth-child(" + place + ") button.destroy", true, null));
  }

  private static List<ObservedNode> todos(String... titles) {
    List<ObservedNode> nodes = new ArrayList<>();
    nodes.add(node("e1", "textbox", "What needs to be done?", "#new-todo", false, null));
    int ref = 2;
    for (int i = 0; i < titles.length; i++, ref += 2) nodes.addAll(row(ref, i + 1, titles[i]));
    nodes.add(node("e" + ref, "link", "All", "a[href='#/']", false, null));
    return nodes;
  }

  @Test
  void aPageThatDidNotChangeKeepsTheObserversRefs() {
    PageObservation raw = page("http://t/", todos("Milk", "Dog"), List.of());
    RefSpace space = RefSpace.start(raw).carry(raw);
    assertThat(space.view()).isEqualTo(raw);
    assertThat(space.raw("e3")).isEqualTo("e3");
  }

  @Test
  void aRowAddedAboveKeepsTheRefsOfEverythingBelowItAndGetsRefsNeverUsed() {
    RefSpace space = RefSpace.start(page("http://t/", todos("Milk"), List.of()));
    // the observer numbers afresh: Milk's row moves from e2,e3 to e4,e5 and the link from e4 to e6
    RefSpace next = space.carry(page("http://t/", todos("Dog", "Milk"), List.of()));

    PageObservation v = next.view();
    assertThat(refOf(v, "Toggle Milk")).isEqualTo("e2");
    assertThat(refOf(v, "Delete Milk")).isEqualTo("e3");
    assertThat(refOf(v, "All")).isEqualTo("e4");
    assertThat(refOf(v, "Toggle Dog")).isEqualTo("e5");
    assertThat(refOf(v, "Delete Dog")).isEqualTo("e6");
    // and each carried ref reaches the element through the observer's own ref
    assertThat(next.raw("e2")).isEqualTo("e4");
    assertThat(next.raw("e5")).isEqualTo("e2");
    assertThat(next.raw("e4")).isEqualTo("e6");
  }

  @Test
  void aRemovedElementsRefIsNeverGivenToAnotherElement() {
    RefSpace space = RefSpace.start(page("http://t/", todos("Milk", "Dog"), List.of()));
    RefSpace fewer = space.carry(page("http://t/", todos("Dog"), List.of()));
    assertThat(fewer.view().node("e2")).isNull();
    assertThat(refOf(fewer.view(), "Toggle Dog")).isEqualTo("e4");
    // a new row where Milk's was: new refs, past every number this document has used
    RefSpace again = fewer.carry(page("http://t/", todos("Dog", "Rent"), List.of()));
    assertThat(refOf(again.view(), "Toggle Rent")).isEqualTo("e7");
    assertThat(again.view().node("e2")).isNull();
  }

  @Test
  void aFieldWhoseValueOrNameChangedIsStillTheSameField() {
    PageObservation before = page("http://t/f", List.of(node("e1", "textbox", "Email", "#email", false, null),
        node("e2", "button", "Send", "#send", false, null)), List.of());
    PageObservation after = page("http://t/f", List.of(node("e1", "textbox", "Your email", "#email", false, "a@b.c"),
        node("e2", "button", "Send", "#send", false, null)), List.of());
    assertThat(RefSpace.start(before).carry(after).view()).isEqualTo(after);
  }

  @Test
  void aPositionalElementWhoseTextChangedKeepsItsPlacesRef() {
    RefSpace space = RefSpace.start(page("http://t/", todos("Milk"), List.of()));
    RefSpace renamed = space.carry(page("http://t/", todos("Oat milk"), List.of()));
    assertThat(refOf(renamed.view(), "Toggle Oat milk")).isEqualTo("e2");
  }

  @Test
  void listsKeepTheirRefsByItemSelectorAndANewListGetsANewRef() {
    ObservedList rows = new ObservedList("l1", "ul.rows > li", 3, "main", List.of(), null);
    ObservedList cards = new ObservedList("l1", "div.card", 2, "aside", List.of(), null);
    RefSpace space = RefSpace.start(page("http://t/", List.of(), List.of(rows)));
    RefSpace next = space.carry(page("http://t/", List.of(), List.of(cards,
        new ObservedList("l2", "ul.rows > li", 4, "main", List.of(), null))));
    assertThat(next.view().lists()).extracting(ObservedList::ref).containsExactly("l2", "l1");
    assertThat(next.view().list("l1").count()).isEqualTo(4);
    assertThat(next.raw("l1")).isEqualTo("l2");
    assertThat(next.raw("l2")).isEqualTo("l1");
  }

  @Test
  void overManyRandomEditsARefNeverComesToMeanAnotherElement() {
    Random random = new Random(26);
    List<String> titles = new ArrayList<>(List.of("a0", "a1", "a2"));
    RefSpace space = RefSpace.start(page("http://t/", todos(titles.toArray(String[]::new)), List.of()));
    int made = 3;
    for (int step = 0; step < 200; step++) {
      int at = random.nextInt(titles.size() + 1);
      switch (random.nextInt(3)) {
        case 0 -> titles.add(at, "a" + made++);
        case 1 -> { if (!titles.isEmpty()) titles.remove(Math.min(at, titles.size() - 1)); }
        default -> java.util.Collections.shuffle(titles, random);
      }
      RefSpace next = space.carry(page("http://t/", todos(titles.toArray(String[]::new)), List.of()));
      for (ObservedNode n : next.view().nodes()) {
        ObservedNode was = space.view().node(n.ref());
        if (was != null) assertThat(n.name()).as("ref " + n.ref() + " at step " + step).isEqualTo(was.name());
        // the observer's ref the session resolves names the same element
        PageObservation raw = page("http://t/", todos(titles.toArray(String[]::new)), List.of());
        assertThat(raw.node(next.raw(n.ref())).name()).isEqualTo(n.name());
      }
      assertThat(next.view().nodes()).extracting(ObservedNode::ref).doesNotHaveDuplicates();
      space = next;
    }
  }

  static String refOf(PageObservation o, String name) {
    return o.nodes().stream().filter(n -> name.equals(n.name())).map(ObservedNode::ref).findFirst().orElse(null);
  }
}
