package dev.waymark.apply;

import dev.waymark.observe.ObservedNode;
import dev.waymark.workflow.Step;
import java.util.Map;

/**
 * A checked step ready to perform: ref resolved, id assigned, label set. {@code values} holds the real
 * strings of the tokens it uses and goes only to the browser port. {@code node} is the element it acts on,
 * when it acts on one, for the risk gate and the approval view.
 */
public record PreparedStep(Step step, String ref, ObservedNode node, Map<String, String> values, String reasoning) {

  public PreparedStep withStep(Step edited) {
    return new PreparedStep(edited, ref, node, values, reasoning);
  }

  @Override
  public String toString() {
    return "PreparedStep[" + step.type() + " " + step.id() + " ref=" + ref + " values=" + values.keySet() + "]";
  }
}
