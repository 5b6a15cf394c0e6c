"""What holds across the whole engine and every shipped file: the engine never loads Qt,
asking agrees with acting, every refusal is made and changes nothing, every shipped scenario
and lesson plays as its transcript says and covers the rules."""
