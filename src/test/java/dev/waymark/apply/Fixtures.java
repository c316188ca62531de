package dev.waymark.apply;

import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedPagination;
import dev.waymark.observe.PageObservation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Hand-made observations and inputs for apply tests and benchmarks. */
final class Fixtures {
  static final String SECRET = "canary-S3cr3t-9f2";

  private Fixtures() {}

  static PageObservation loginPage() {
    List<ObservedNode> nodes = List.of(
        new ObservedNode("e1", "textbox", "Email", "input", "email", null, "you@example.com", false, null, null, null,
            "#email", null, null, null, "Sign in", null, false, false, 0),
        new ObservedNode("e2", "textbox", "Password", "input", "password", null, null, false, null, null, null,
            "#password", null, null, null, "Sign in", null, false, false, 0),
        new ObservedNode("e3", "button", "Sign in", "button", "submit", null, null, false, null, null, null,
            "form#login > button", null, null, null, "Sign in", null, false, false, 0),
        new ObservedNode("e4", "button", "Buy now", "button", null, null, null, false, null, null, null,
            "button.buy", "/html/body/div[2]/my-widget", List.of(2), List.of("my-widget", "iframe#pay"),
            "Checkout", "Blue mug", false, false, 0),
        new ObservedNode("e5", "heading", "Price", "span", null, null, null, false, null, null, null,
            "#price", null, null, null, "Checkout", null, false, false, 0));
    List<ObservedList> lists = List.of(new ObservedList("l1", "ul.results > li", 20, "Results",
        List.of(new ObservedListField("title", "h3", null, "Blue mug"), new ObservedListField("link", "a", "href", "/p/1")),
        new ObservedPagination("numbered", "a.next", "Next", "/page/2", 5)));
    return new PageObservation("https://shop.example.com/login?x=1", "Sign in", nodes, List.of(), null, false, null,
        false, 0, 0, lists);
  }

  static PageObservation generated(int count) {
    List<ObservedNode> nodes = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      nodes.add(new ObservedNode("e" + i, i % 3 == 0 ? "textbox" : "button", "Control number " + i, i % 3 == 0 ? "input" : "button",
          null, null, null, false, null, null, null, "#c" + i, null, null, null, "Section " + (i / 50), null, false, false, 0));
    }
    return new PageObservation("https://bench.example.com/page", "Bench", nodes, List.of(), null, false, null, false, 0, 0, List.of());
  }

  static ApplyInput.Builder input(String decision) {
    return ApplyInput.builder()
        .decision(decision)
        .observation(loginPage())
        .workflowId("wf-test")
        .budget(10)
        .variables(Map.of("password", "the account password", "email", "the login email"))
        .values(Map.of("password", SECRET, "email", "ann@example.com"));
  }
}
