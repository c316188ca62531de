package dev.waymark.apply;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExpectDiffTest {

  private static PageObservation page(String url, String title, List<ObservedNode> nodes, List<ObservedList> lists) {
    return new PageObservation(url, title, nodes, List.of(), null, false, null, false, 0, 0, lists);
  }

  private static ObservedNode node(String role, String name, String selector) {
    return ObservedNode.of("e1", role, name, "x", selector);
  }

  private static ObservedNode field(String selector, String value) {
    return new ObservedNode("e1", "textbox", "New todo", "input", "text", value, null, false, null, null, null,
        selector, null, null, null, null, null, false, false, 0);
  }

  private static ObservedList list(String selector, int count) {
    return new ObservedList("l1", selector, count, null, List.of(), null);
  }

  private static Step click(String css) {
    return Step.builder("click").id("s2").selector(Selector.css(css)).build();
  }

  @Test
  void aClickThatMovesThePageExpectsTheEndOfTheNewAddressNotItsQuery() {
    PageObservation before = page("http://127.0.0.1:4000/shop/list?page=2&t=17", "Shop", List.of(), List.of());
    PageObservation after = page("http://127.0.0.1:4000/shop/cart?session=abc123", "Cart", List.of(), List.of());

    Expect e = ExpectDiff.seen(click("a.cart"), before, after);

    assertThat(e.url()).isEqualTo("/cart");
    assertThat(e.title()).isEqualTo("Cart");
  }

  @Test
  void aHashRouteCountsAsWhereThePageIs() {
    PageObservation before = page("http://h/app/index.html#/", "Todos", List.of(node("link", "Active", "a.a")), List.of());
    PageObservation after = page("http://h/app/index.html#/active", "Todos", List.of(node("link", "Active", "a.a")), List.of());

    assertThat(ExpectDiff.seen(click("a.a"), before, after).url()).isEqualTo("#/active");
    // the same app served as /app/ or /app/index.html: neither says which page it is, so neither is recorded
    assertThat(ExpectDiff.tail("http://h/app/")).isNull();
    assertThat(ExpectDiff.tail("http://h/app/index.html")).isNull();
    assertThat(ExpectDiff.tail("http://h/app/orders/17")).as("an id in the address").isNull();
  }

  @Test
  void aListThatGrewIsCountedByHowMuchNotByItsSize() {
    PageObservation before = page("http://h/todo", "Todos", List.of(), List.of(list("ul.todos > li", 2)));
    PageObservation after = page("http://h/todo", "Todos", List.of(), List.of(list("ul.todos > li", 3)));

    Expect e = ExpectDiff.seen(Step.builder("press").id("s3").value("Enter").selector(Selector.css("#new")).build(),
        before, after);

    assertThat(e.count()).isEqualTo(new Expect.Count("ul.todos > li", 1));
    assertThat(e.facts()).containsExactly("the list ul.todos > li to grow by 1");
  }

  @Test
  void anElementThatAppearedOrWentAwayIsNamedByRoleAndName() {
    PageObservation before = page("http://h/p", "P", List.of(node("button", "Open menu", "#m")), List.of());
    PageObservation after = page("http://h/p", "P", List.of(node("link", "Sign out", "#o")), List.of());

    Expect e = ExpectDiff.seen(click("#m"), before, after);

    assertThat(e.appears()).isEqualTo(new Expect.Element("link", "Sign out"));
    assertThat(e.gone()).isEqualTo(new Expect.Element("button", "Open menu"));
    assertThat(e.facts()).containsExactly("a link \"Sign out\" to appear", "a button \"Open menu\" to go away");
  }

  @Test
  void nothingThatWouldDifferNextTimeIsRecorded() {
    PageObservation before = page("http://h/p", "P (3)", List.of(node("status", "3 items left", "#c")), List.of());
    PageObservation after = page("http://h/p", "P (4)",
        List.of(node("status", "4 items left", "#c"), node("checkbox", "Toggle {{ item }}", "#t"),
            node("heading", "Saved at 12:04", "#h")), List.of());

    assertThat(ExpectDiff.seen(click("#add"), before, after)).isNull();
  }

  @Test
  void aRepeatedNameOrAClippedPageIsNoEvidence() {
    PageObservation before = page("http://h/p", "P", List.of(), List.of());
    PageObservation twice = page("http://h/p", "P", List.of(node("button", "Delete", "#a"), node("button", "Delete", "#b")), List.of());
    PageObservation clipped = new PageObservation("http://h/p", "P", List.of(node("link", "More", "#m")), List.of(), null,
        true, null, false, 40, 0, List.of());

    assertThat(ExpectDiff.seen(click("#x"), before, twice)).isNull();
    assertThat(ExpectDiff.seen(click("#x"), before, clipped)).isNull();
  }

  @Test
  void aFillExpectsItsFieldToHoldTheValueAsWrittenAndNothingElse() {
    Step fill = Step.builder("fill").id("s1").selector(Selector.css("#new")).value("{{ item }}").build();
    PageObservation before = page("http://h/todo", "Todos", List.of(field("#new", "")), List.of());
    PageObservation after = page("http://h/todo", "Todos", List.of(field("#new", "{{ item }}"), node("option", "Milk", "#s")),
        List.of());

    Expect e = ExpectDiff.seen(fill, before, after);

    assertThat(e).isEqualTo(new Expect(null, null, null, null, "{{ item }}", null));
  }

  @Test
  void aFieldThatReformattedOrHidesItsValueExpectsNothing() {
    Step fill = Step.builder("fill").id("s1").selector(Selector.css("#phone")).value("5551234").build();
    PageObservation before = page("http://h/f", "F", List.of(field("#phone", "")), List.of());

    assertThat(ExpectDiff.seen(fill, before, page("http://h/f", "F", List.of(field("#phone", "555-1234")), List.of()))).isNull();
    assertThat(ExpectDiff.seen(fill, before, page("http://h/f", "F", List.of(field("#phone", null)), List.of()))).isNull();
  }

  @Test
  void atMostTwoFactsAndOnlyForActions() {
    PageObservation before = page("http://h/p", "P", List.of(node("button", "A", "#a")), List.of(list("li", 2)));
    PageObservation after = page("http://h/p", "Q", List.of(node("link", "B", "#b")),
        List.of(list("li", 3)));
    List<ObservedHeading> none = List.of();

    Expect e = ExpectDiff.seen(click("#a"), before, after);
    assertThat(e.facts()).hasSize(2);
    assertThat(e.count()).isNotNull();
    assertThat(e.appears()).isNotNull();
    assertThat(ExpectDiff.seen(Step.builder("navigate").url("http://h/q").build(), before, after)).isNull();
    assertThat(ExpectDiff.seen(Step.builder("extract").selector(Selector.css("#a")).build(), before, after)).isNull();
    assertThat(none).isEmpty();
  }
}
