package syntax

// Items: init, unsafe, invariant and predicate (§3.5–3.7, §3.9).

func (c *checker) checkInit(it *Init) {
	n := c.bindParams("init", it.Params, varParam, false)
	body := c.expand(it.Body, it.Pos)
	c.placeInit(body)
	c.formula(body, env{place: inInit, item: "init"})
	c.unbind(n)
}

func (c *checker) checkProperty(p *Property) {
	word := propWord(p)
	n := c.bindParams(word, p.Params, varParam, true)
	body := c.expand(p.Body, p.Pos)
	c.placeProperty(body, word)
	c.formula(body, env{place: inProperty, item: word})
	c.unbind(n)
}

// checkPredicate checks what a predicate body says regardless of its uses:
// names, arities, and types where they do not depend on the arguments.
// Each call checks the inlined body again in its context.
func (c *checker) checkPredicate(p *Predicate) {
	item := "predicate `" + p.Name + "`"
	n := c.bindParams(item, p.Params, varPredParam, true)
	body := c.expand(p.Body, p.Pos)
	c.formula(body, env{place: inPredicate, item: item})
	c.unbind(n)
}
