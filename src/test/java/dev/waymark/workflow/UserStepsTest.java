package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserStepsTest {
  private static Step step(String method, ContinueCondition on) {
    return Step.builder(StepTypes.USER_STEP).prompt("use the key on the login page").method(method).continueOn(on).build();
  }

  @Test
  void theMethodIsWhatThePersonIsAskedToDo() {
    assertThat(UserSteps.instruction(step("security_key", null)))
        .isEqualTo("Sign in with your security key in the browser, then press Continue: use the key on the login page");
    assertThat(UserSteps.instruction(Step.builder(StepTypes.USER_STEP).prompt(" ").build()))
        .isEqualTo("Do this in the browser, then press Continue.");
    assertThat(UserSteps.instruction(step(null, null))).isEqualTo("use the key on the login page");
  }

  @Test
  void everyMethodHasItsOwnSentence() {
    for (String m : UserSteps.METHODS) {
      assertThat(UserSteps.instruction(step(m, null))).doesNotStartWith("Do this").contains("in the browser, then press Continue");
    }
  }

  @Test
  void anyOneConditionEndsTheWaitAndThePersonIsToldOr() {
    ContinueCondition on = new ContinueCondition(false, "#account", "Welcome", "/home", 0);
    assertThat(UserSteps.continuesWhen(on)).isEqualTo("It also continues by itself when an element matching #account "
        + "appears or the text \"Welcome\" shows or the address contains /home.");
  }

  @Test
  void aManualStepHasNoConditionsForTheBrowserAndIsRefusedWithOne() {
    ContinueCondition manualOnly = new ContinueCondition(true, null, null, null, 5000);
    assertThat(UserSteps.conditions(manualOnly)).isNull();
    assertThat(UserSteps.continuesWhen(manualOnly)).isNull();
    assertThat(UserSteps.problems(step(null, manualOnly))).isEmpty();
    assertThat(UserSteps.problems(step(null, new ContinueCondition(true, "#x", null, null, 0)))).singleElement()
        .asString().contains("manual");
  }

  @Test
  void theWaitIsBoundedByContinueOnThenTheStep() {
    assertThat(UserSteps.limitMs(step(null, new ContinueCondition(false, "#x", null, null, 3000)))).isEqualTo(3000);
    assertThat(UserSteps.limitMs(step(null, null).toBuilder().timeoutMs(7000).build())).isEqualTo(7000);
    assertThat(UserSteps.limitMs(step(null, null))).isZero();
  }

  @Test
  void anUnknownMethodIsAProblemListingTheAllowedOnes() {
    assertThat(UserSteps.problems(step("sms", null))).singleElement().asString()
        .contains("\"sms\"", "password, code, passkey, qr_code, security_key, device_approval, captcha, payment");
  }
}
