package dev.waymark.decide;

import dev.waymark.apply.ApplyInput;
import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedPagination;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prints how big the model's prompt is for generated shop-like pages of 100, 300 and 1,000 controls, every
 * control listed with a ref (no repeat collapsing, the worst case): the page's compact text alone, and the whole
 * prompt (system, goal, variables, an eight-turn trail, the page). Targets, printed with a verdict: the page of 300
 * controls under 4,000 estimated tokens, and the whole request as sent (system, decision schema, user message) for
 * 300 controls at most 4,000: as the observer lists them by default (the headline), and all listed (the worst case).
 */
class PromptSizeBenchmark {
  private static final Logger log = LoggerFactory.getLogger(PromptSizeBenchmark.class);

  /** The same shape as ObserverBenchmark's generated page: navigation, product tiles, an orders table, a form. */
  static PageObservation generate(int n) {
    List<ObservedNode> nodes = new ArrayList<>();
    int[] ref = {0};
    int nav = Math.max(3, n / 20);
    for (int i = 0; i < nav; i++) {
      nodes.add(node(ref, "link", "Category " + i, "a", null, "navigation \"Primary\"", null, false));
    }
    int tiles = n * 2 / 10;
    for (int i = 0; i < tiles; i++) {
      boolean off = i >= 8;
      nodes.add(node(ref, "link", "Product " + i, "a", null, "region \"Products\"", null, off));
      nodes.add(node(ref, "button", "Add to cart", "button", null, "region \"Products\"",
          "Product " + i + " $" + (10 + i % 90) + ".99", off));
    }
    int rows = n * 15 / 100;
    for (int i = 0; i < rows; i++) {
      nodes.add(node(ref, "checkbox", "Select order " + i, "input", "checkbox", "Orders", null, true));
      nodes.add(node(ref, "button", "Edit", "button", null, "Orders", "A-" + (1000 + i) + " 2026-01-" + (10 + i % 18)
          + " " + (i * 3 % 500) + ".00 EUR", true));
    }
    int fields = n - nodes.size();
    for (int i = 0; i < fields; i++) {
      switch (i % 4) {
        case 0 -> nodes.add(node(ref, "textbox", "Field " + i, "input", "text", "Profile", null, true));
        case 1 -> nodes.add(new ObservedNode("e" + (++ref[0]), "combobox", "Choice " + i, "select", null, "One", null, false,
            null, null, List.of("One", "Two", "Three"), "select[name=s" + i + "]", null, null, null, "Profile", null, true,
            false, 0));
        case 2 -> nodes.add(node(ref, "checkbox", "Option " + i, "input", "checkbox", "Profile", null, true));
        default -> nodes.add(node(ref, "textbox", "Note " + i, "textarea", null, "Profile", null, true));
      }
    }
    List<ObservedHeading> headings = new ArrayList<>();
    headings.add(new ObservedHeading(1, "Catalogue"));
    headings.add(new ObservedHeading(2, "Products"));
    for (int i = 0; i < tiles; i++) headings.add(new ObservedHeading(3, "Product " + i));
    headings.add(new ObservedHeading(2, "Orders"));
    headings.add(new ObservedHeading(2, "Profile"));
    ObservedList products = new ObservedList("l1", "section[aria-label=Products] div.tile", tiles, "region \"Products\"",
        List.of(new ObservedListField("title", "h3.title a", null, "Product 0"),
            new ObservedListField("price", "span.price", null, "$10.99"),
            new ObservedListField("image", "img", "src", "/img/0.png")),
        new ObservedPagination("numbered", "a.next", "Next", "/catalogue?page=2", 5));
    return new PageObservation("https://shop.example/catalogue", "Generated " + n, nodes, headings, null, false, null,
        false, 0, 0, List.of(products));
  }

  /**
   * What the observer's defaults do to the same page (resources/extension/src/page/observer/index.js): runs of
   * same-shaped controls keep their first {@code keep} members, the last kept one carries {@code similar}, and the
   * rest are counted in {@code omitted}. Shape here is role, tag, type and section, as the generator builds them.
   */
  static PageObservation collapse(PageObservation page, int keep) {
    Map<String, Integer> size = new java.util.HashMap<>();
    for (ObservedNode n : page.nodes()) size.merge(shape(n), 1, Integer::sum);
    Map<String, Integer> seen = new java.util.HashMap<>();
    List<ObservedNode> kept = new ArrayList<>();
    int omitted = 0;
    for (ObservedNode n : page.nodes()) {
      String k = shape(n);
      int i = seen.merge(k, 1, Integer::sum);
      int total = size.get(k);
      if (total > keep && i > keep) {
        omitted++;
        continue;
      }
      if (total > keep && i == keep) {
        n = new ObservedNode(n.ref(), n.role(), n.name(), n.tag(), n.type(), n.value(), n.placeholder(), n.disabled(),
            n.checked(), n.expanded(), n.options(), n.selector(), n.path(), n.indexes(), n.enter(), n.section(), n.context(),
            n.offscreen(), n.obscured(), total - keep);
      }
      kept.add(n);
    }
    return new PageObservation(page.url(), page.title(), kept, page.headings(), page.text(), page.truncated(), page.modal(),
        page.modalFrame(), omitted, page.frames(), page.lists());
  }

  private static String shape(ObservedNode n) {
    return n.role() + "|" + n.tag() + "|" + n.type() + "|" + n.section();
  }

  private static ObservedNode node(int[] ref, String role, String name, String tag, String type, String section,
      String context, boolean offscreen) {
    String r = "e" + (++ref[0]);
    return new ObservedNode(r, role, name, tag, type, null, null, false, "checkbox".equals(role) ? Boolean.FALSE : null,
        null, null, "#" + r, null, null, null, section, context, offscreen, false, 0);
  }

  static List<ExtTurn> trail() {
    List<ExtTurn> t = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      boolean failed = i == 8;
      t.add(new ExtTurn(i, "step " + i + ": the product list is below the filters, so open the next one", "click",
          "Click button \"Add to cart\" (Product " + i + " $19.99)", "e" + (i * 3), null, !failed, false,
          failed ? "ref \"e24\" is not in the current observation; refs are valid only for the observation they came from" : null,
          "https://shop.example/catalogue"));
    }
    return t;
  }

  /**
   * The request a session sends for its ninth turn on {@code page}, built by renderTurn from the session's next input
   * (nothing assembled by hand), with the whole page in the tail: a session's turn that takes a new base page, or
   * every turn of {@code author --whole-pages}.
   */
  private static RenderedPrompt request(PromptRenderer renderer, PageObservation page, Map<String, String> variables) {
    ApplyInput next = ApplyInput.builder().trail(trail()).failures(1).budget(12).variables(variables).build();
    return renderer.renderTurn("Add the three cheapest products to the cart and read the cart total", page, next, null);
  }

  private static RenderedPrompt request(PromptRenderer renderer, PageObservation page) {
    return request(renderer, page, Map.of());
  }

  @Test
  void printsPromptSizesForGeneratedPages() {
    PromptRenderer renderer = new PromptRenderer();
    StringBuilder table = new StringBuilder("\nprompt size for generated pages: every control listed (all), and as the "
        + "observer's defaults list them (repeats beyond 20 collapsed)\n");
    table.append(String.format("%-9s %8s %12s %12s %12s %14s %14s %8s%n", "listing", "controls", "page chars", "page tokens",
        "page chars/4", "prompt chars", "prompt tokens", "<4000?"));
    for (int n : new int[] {100, 300, 1000, -100, -300, -1000}) {
      boolean all = n > 0;
      PageObservation page = all ? generate(n) : collapse(generate(-n), 20);
      String compact = CompactObservation.render(page);
      int pageTokens = CompactObservation.estimateTokens(compact);
      RenderedPrompt r = request(renderer, page, Map.of("email", "the account's email address", "password", "the account password"));
      table.append(String.format("%-9s %8d %,12d %,12d %,12d %,14d %,14d %8s%n", all ? "all" : "defaults", Math.abs(n), compact.length(), pageTokens,
          (compact.length() + 3) / 4, r.size().chars(), r.size().estimatedTokens(), pageTokens < 4000 ? "yes" : "NO"));
    }
    log.info("{}", table);
    PageObservation page300 = generate(300);
    BenchmarkTarget.atMost("page tokens, 300 controls all listed",
        CompactObservation.estimateTokens(CompactObservation.render(page300)), "tokens", 4_000).print();
    int sessionSchema = CompactObservation.estimateTokens(Json.write(request(renderer, page300).prompt().schemaForRequest()));
    int fullSchema = CompactObservation.estimateTokens(Json.write(DecisionSchema.forRequest()));
    int resourceSchema = CompactObservation.estimateTokens(Json.write(DecisionSchema.schema()));
    System.out.printf(java.util.Locale.ROOT, "decision schema sent: %d tokens for the default step types (all %d types: %d;"
        + " the documented resource: %d)%n", sessionSchema, dev.waymark.workflow.StepTypes.ALL.size(), fullSchema, resourceSchema);
    // The whole request as a model API sends it (system text, user message, the session's decision schema), for a
    // session with the default step types. The headline is the page as the observer lists it by default; every
    // control listed is the worst case, printed beside it with its own figure.
    RenderedPrompt defaults = request(renderer, collapse(page300, 20));
    RenderedPrompt all = request(renderer, page300);
    System.out.println("request, 300 controls as the observer lists them: " + defaults.size());
    System.out.println("request, 300 controls all listed: " + all.size());
    BenchmarkTarget.atMost("the whole request (system, schema, user message), 300 controls as the observer lists them",
        defaults.size().estimatedTokens(), "tokens", 4_000).print();
    BenchmarkTarget.atMost("the whole request (system, schema, user message), 300 controls all listed (worst case)",
        all.size().estimatedTokens(), "tokens", 4_000).print();
  }
}
