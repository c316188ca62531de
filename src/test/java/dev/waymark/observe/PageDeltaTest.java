package dev.waymark.observe;

import static dev.waymark.observe.RefSpaceTest.node;
import static dev.waymark.observe.RefSpaceTest.page;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The delta between the page a reader was sent and the page now, and when the whole page is sent instead. */
class PageDeltaTest {
  private static final String URL = "http://shop.test/form";

  /** A long form: 40 fields and a Send button, refs e1..e41. */
  private static List<ObservedNode> form(Map<Integer, String> values) {
    List<ObservedNode> nodes = new ArrayList<>();
    for (int i = 1; i <= 40; i++) nodes.add(node("e" + i, "textbox", "Field " + i, "#f" + i, false, values.get(i)));
    nodes.add(node("e41", "button", "Send", "#send", false, null));
    return nodes;
  }

  private static PageObservation withText(PageObservation o, String text) {
    return new PageObservation(o.url(), o.title(), o.nodes(), o.headings(), text, o.truncated(), o.modal(), o.modalFrame(),
        o.omitted(), o.frames(), o.lists(), o.taskTabs(), o.openTabs(), o.otherOpenTabs(), o.formStep());
  }

  @Test
  void aTypedFieldIsOneChangedLineAndNothingElseIsSaid() {
    PageObservation before = page(URL, form(Map.of()), List.of());
    PageObservation after = page(URL, form(Map.of(3, "Ada")), List.of());

    PageDelta d = PageDelta.between(4, before, after);
    String text = d.render();

    assertThat(d.changed()).containsExactly("e3");
    assertThat(d.added()).isEmpty();
    assertThat(d.removed()).isEmpty();
    assertThat(text).startsWith("page delta since generation 4: \"Todos\" " + URL + " · 41 controls\n")
        .contains("Only changes; a ref not named here is unchanged.")
        .contains("changed (whole lines):\n## main\ne3 textbox \"Field 3\" =\"Ada\"\n")
        .doesNotContain("e4 ", "Field 2\"");
    PageText sent = PageText.since(4, before, after);
    assertThat(sent.delta()).isTrue();
    assertThat(sent.describe()).isEqualTo("page: delta since generation 4");
    assertThat(CompactObservation.estimateTokens(sent.text()) * 3)
        .isLessThan(CompactObservation.estimateTokens(CompactObservation.render(after)));
  }

  @Test
  void addedAndRemovedControlsAreSaidByRefWithTheirSectionsAndPlace() {
    PageObservation before = page(URL, List.of(node("e1", "textbox", "Name", "#n", false, null),
        node("e2", "button", "Next", "#next", false, null), node("e3", "link", "Help", "#help", false, null)), List.of());
    ObservedNode offscreen = new ObservedNode("e4", "checkbox", "Gift wrap", "input", "checkbox", null, null, false, true,
        null, null, "#gift", null, null, null, "Extras", null, true, false, 0);
    PageObservation after = page(URL, List.of(node("e1", "textbox", "Name", "#n", false, null),
        node("e3", "link", "Help", "#help", false, null), offscreen), List.of());

    PageDelta d = PageDelta.between(2, before, after);

    assertThat(d.removed()).containsExactly("e2");
    assertThat(d.added()).containsExactly("e4");
    assertThat(d.render()).contains("removed: e2\n", "added:\n## Extras\ne4 checkbox \"Gift wrap\" checked offscreen\n")
        .doesNotContain("e1 ", "e3 ");
  }

  @Test
  void aControlThatMovedOffscreenOrToAnotherSectionIsChanged() {
    PageObservation before = page(URL, List.of(node("e1", "button", "Pay", "#pay", false, null)), List.of());
    ObservedNode moved = new ObservedNode("e1", "button", "Pay", "input", null, null, null, false, null, null, null, "#pay",
        null, null, null, "Summary", null, true, false, 0);
    assertThat(PageDelta.between(1, before, page(URL, List.of(moved), List.of())).render())
        .contains("changed (whole lines):\n## Summary\ne1 button \"Pay\" offscreen\n");
  }

  @Test
  void controlsThatOnlyScrolledIntoOrOutOfViewAreNamedInOneLineEach() {
    ObservedNode pay = node("e1", "button", "Pay", "#pay", false, null);
    ObservedNode helpBelow = new ObservedNode("e2", "link", "Help", "input", null, null, null, false, null, null, null, "#help",
        null, null, null, "main", null, true, false, 0, null, false);
    ObservedNode payBelow = new ObservedNode("e1", "button", "Pay", "input", null, null, null, false, null, null, null, "#pay",
        null, null, null, "main", null, true, false, 0, null, false);
    ObservedNode help = node("e2", "link", "Help", "#help", false, null);

    PageDelta d = PageDelta.between(3, page(URL, List.of(pay, helpBelow), List.of()), page(URL, List.of(payBelow, help), List.of()));

    assertThat(d.changed()).isEmpty();
    assertThat(d.nowOffscreen()).containsExactly("e1");
    assertThat(d.nowOnScreen()).containsExactly("e2");
    assertThat(d.empty()).isFalse();
    assertThat(d.render()).contains("now offscreen: e1\n", "now on screen: e2\n").doesNotContain("changed (whole lines)", "\"Pay\"");
  }

  @Test
  void aListsCountAndPaginationChangesAreItsWholeBlockAndARemovedListIsNamed() {
    ObservedPagination more = new ObservedPagination("more", "#more", "Load more", null, 0);
    ObservedList rows = new ObservedList("l1", "ul.rows > li", 20, "Results", List.of(new ObservedListField("title", "h3", null, "Mug")), more);
    ObservedList ads = new ObservedList("l2", "div.ad", 3, "Ads", List.of(), null);
    ObservedList grown = new ObservedList("l1", "ul.rows > li", 40, "Results", List.of(new ObservedListField("title", "h3", null, "Mug")),
        new ObservedPagination("numbered", "#more", "Next", "http://shop.test/form?page=3", 5));
    PageDelta d = PageDelta.between(7, page(URL, List.of(), List.of(rows, ads)), page(URL, List.of(), List.of(grown)));

    assertThat(d.lists()).containsExactly("l1");
    assertThat(d.removed()).containsExactly("l2");
    assertThat(d.render()).contains("removed: l2\n", "lists added or changed:\nl1 ×40 in Results\n  title \"Mug\"\n  next: numbered 5 pages \"Next\" #more → ?page=3\n");
  }

  @Test
  void theTabsAreSaidAgainWhenTheyChangeAndWhenOnlyOneIsLeft() {
    ObservedTab shop = new ObservedTab(1, "Shop", URL, false, false, true);
    ObservedTab receipt = new ObservedTab(2, "Receipt", "http://shop.test/receipt", true, false, false);
    PageObservation one = page(URL, List.of(), List.of()).withTabs(List.of(shop), List.of(), 0);
    PageObservation two = one.withTabs(List.of(shop, receipt), List.of(), 0);

    assertThat(PageDelta.between(1, one, two).render()).contains("tabs: 1 \"Shop\" current · 2 \"Receipt\" /receipt opened by task\n");
    assertThat(PageDelta.between(2, two, one).render()).contains("tabs: only this one now\n");
    assertThat(PageDelta.between(2, two, two).empty()).isTrue();
  }

  @Test
  void thePageTextsChangedLinesComeAsAUnifiedDiff() {
    PageObservation base = page(URL, form(Map.of()), List.of());
    PageObservation before = withText(base, "Your order\n3 items\nTotal 30.00 EUR\nThanks");
    PageObservation after = withText(base, "Your order\n4 items\nTotal 42.00 EUR\nThanks");

    PageDelta d = PageDelta.between(3, before, after);

    assertThat(d.text()).containsExactly("@@ -2,2 +2,2 @@", "-3 items", "-Total 30.00 EUR", "+4 items", "+Total 42.00 EUR");
    assertThat(d.render()).contains("text diff:\n@@ -2,2 +2,2 @@\n");
  }

  @Test
  void theOutlineAndTheFormStepAreSaidWhenTheyChange() {
    PageObservation base = page(URL, form(Map.of()), List.of());
    PageObservation before = new PageObservation(URL, "Apply", base.nodes(), List.of(new ObservedHeading(1, "Step 1")), null,
        false, null, false, 0, 0, List.of(), List.of(), List.of(), 0, "step 1 of 3: You");
    PageObservation after = new PageObservation(URL, "Apply", base.nodes(), List.of(new ObservedHeading(1, "Step 2")), null,
        false, null, false, 4, 0, List.of(), List.of(), List.of(), 0, "step 2 of 3: Address");

    assertThat(PageDelta.between(1, before, after).render()).contains("headings: # Step 2\n",
        "partial: 4 controls left out (caps and repeats)\nform at step 2 of 3: Address\n");
    PageObservation plain = new PageObservation(URL, "Apply", base.nodes(), List.of(), null, false, null, false, 0, 0, List.of());
    assertThat(PageDelta.between(1, after, plain).render()).contains("headings: none now\n",
        "partial, frames, form step: none of them now\n");
  }

  @Test
  void anotherAddressOrAModalThatOpenedSendsTheWholePageAndSaysWhy() {
    PageObservation before = page(URL, form(Map.of()), List.of());
    PageObservation elsewhere = page("http://shop.test/thanks", form(Map.of()), List.of());
    PageText sent = PageText.since(5, before, elsewhere);
    assertThat(sent.delta()).isFalse();
    assertThat(sent.text()).isEqualTo(CompactObservation.render(elsewhere));
    assertThat(sent.describe()).isEqualTo("page: whole (the whole page: the page is another address now since generation 5)");

    PageObservation modal = new PageObservation(URL, "Todos", before.nodes(), List.of(), null, false, "Cookies", false, 0, 0, List.of());
    assertThat(PageDelta.between(5, before, modal).fullBecause()).isEqualTo("a modal opened");
    assertThat(PageDelta.between(5, modal, before).fullBecause()).isEqualTo("the modal closed");
    // a single-page app's route is the same document
    assertThat(PageText.since(5, before, page(URL + "#/active", form(Map.of(1, "x")), List.of())).delta()).isTrue();
  }

  @Test
  void aDeltaNoSmallerThanThePageSendsTheWholePage() {
    PageObservation before = page(URL, List.of(node("e1", "textbox", "Name", "#n", false, null)), List.of());
    PageObservation after = page(URL, List.of(node("e2", "textbox", "Email", "#m", false, null)), List.of());
    PageText sent = PageText.since(2, before, after);
    assertThat(sent.delta()).isFalse();
    assertThat(sent.text()).isEqualTo(CompactObservation.render(after));
    assertThat(sent.note()).contains("no longer than the changes since generation 2");
  }

  @Test
  void aPageThatDidNotChangeSaysSoInOneLine() {
    PageObservation p = page(URL, form(Map.of()), List.of());
    assertThat(PageDelta.between(9, p, p).render()).endsWith("\nNothing on the page changed since generation 9.\n");
  }

  @Test
  void whatTheReaderKnewWithTheDeltaAppliedIsThePageNowOverRandomEdits() {
    Random random = new Random(3);
    Map<Integer, String> values = new HashMap<>();
    RefSpace space = RefSpace.start(page(URL, form(values), List.of()));
    for (int step = 0; step < 100; step++) {
      values.put(1 + random.nextInt(40), random.nextBoolean() ? null : "v" + step);
      List<ObservedNode> raw = new ArrayList<>(form(values));
      // controls come and go, and the observer numbers them afresh each time
      for (int k = random.nextInt(3); k > 0; k--) raw.remove(random.nextInt(raw.size()));
      if (random.nextBoolean()) raw.add(random.nextInt(raw.size()), node("e0", "button", "Extra " + step, "#x" + step, false, null));
      List<ObservedNode> renumbered = new ArrayList<>();
      for (int i = 0; i < raw.size(); i++) {
        ObservedNode n = raw.get(i);
        renumbered.add(node("e" + (i + 1), n.role(), n.name(), n.selector(), false, n.value()));
      }
      RefSpace next = space.carry(page(URL, renumbered, List.of()));
      PageDelta d = PageDelta.between(step, space.view(), next.view());

      Map<String, String> known = lines(space.view());
      d.removed().forEach(known::remove);
      for (String ref : d.added()) known.put(ref, CompactObservation.nodeLine(next.view().node(ref), next.view()));
      for (String ref : d.changed()) known.put(ref, CompactObservation.nodeLine(next.view().node(ref), next.view()));
      assertThat(known).as("step " + step).isEqualTo(lines(next.view()));
      space = next;
    }
  }

  private static Map<String, String> lines(PageObservation o) {
    Map<String, String> m = new HashMap<>();
    for (ObservedNode n : o.nodes()) m.put(n.ref(), CompactObservation.nodeLine(n, o));
    return m;
  }

  @Test
  void aClicksLateEffectIsSaidInTheWholePageAndInADeltaThatOtherwiseSaysNothingChanged() {
    PageObservation before = page(URL, form(Map.of()), List.of());
    PageObservation same = page(URL, form(Map.of()), List.of());
    PageObservation late = new PageObservation(same.url(), same.title(), same.nodes(), same.headings(), same.text(),
        same.truncated(), same.modal(), same.modalFrame(), same.omitted(), same.frames(), same.lists(), same.taskTabs(),
        same.openTabs(), same.otherOpenTabs(), same.formStep(),
        List.of(new PageObservation.LateEffect("s7", "the page changed (2 DOM changes)", 420)));

    String line = "late effect: the click s7 saw no change by its verdict, then the page changed (2 DOM changes) 420 ms after it\n";
    assertThat(CompactObservation.render(late)).contains(line);
    assertThat(CompactObservation.render(same)).doesNotContain("late effect");
    PageDelta d = PageDelta.between(2, before, late);
    assertThat(d.empty()).isFalse();
    assertThat(d.render()).contains(line).doesNotContain("Nothing on the page changed");
    assertThat(PageDelta.between(2, before, same).render()).contains("Nothing on the page changed");
  }
}
