require 'json'
require_relative 'util'

module App
  class Store
    LIMIT = 10
    def initialize(name)
      @name = name
    end
    def get(key)
      helper(key)
    end
    def self.build
      new('x')
    end
  end
end
